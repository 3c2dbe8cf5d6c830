/// One setting of ``ImageContext`` held by reference: a context then tests it for nil by one
/// pointer and copies it by one retain.
///
/// An optional existential stored inline (40 bytes) is copied out through its value witnesses
/// even to be compared with nil, and the memory hit asks that of the cache and the transformer
/// on every load.
package final class SettingBox<Value: Sendable>: Sendable {
    /// The setting.
    package let value: Value

    /// A box holding `value`.
    package init(_ value: Value) {
        self.value = value
    }
}
