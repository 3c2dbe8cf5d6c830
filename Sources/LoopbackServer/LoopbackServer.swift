/// An embeddable HTTP/1.1 server on 127.0.0.1 with fault injection (being written).
public final class LoopbackServer: Sendable {}
