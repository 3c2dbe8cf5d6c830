// `import Osprey` is all a server or command-line user writes: it brings the model and
// coders (OspreyCore), the caches (OspreyCache) and the downloader (OspreyDownload).
@_exported import OspreyCore
@_exported import OspreyCache
@_exported import OspreyDownload
