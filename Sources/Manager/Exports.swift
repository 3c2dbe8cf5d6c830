// `import Osprey` is all a server or command-line user writes: it brings the model and
// protocols (OspreyCore), the coders (OspreyCodecs), the caches (OspreyCache) and the
// downloader (OspreyDownload).
@_exported import OspreyCore
@_exported import OspreyCodecs
@_exported import OspreyCache
@_exported import OspreyDownload
