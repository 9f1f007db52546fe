// `import SeeMore` gives a program the whole library: each concept is a module of its own, and a
// module of the library imports only the ones it needs (docs/architecture.md).
@_exported import SeeMoreCards
@_exported import SeeMoreCatalog
@_exported import SeeMoreCompare
@_exported import SeeMoreGoldens
@_exported import SeeMoreImage
@_exported import SeeMoreScan
@_exported import SeeMoreSupport
@_exported import SeeMoreText
@_exported import SeeMoreWeb
@_exported import SeeMoreWorkers
