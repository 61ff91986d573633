// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Typeahead",
    products: [
        .executable(name: "typeahead", targets: ["typeahead"]),
        .library(name: "TypeaheadCLI", targets: ["TypeaheadCLI"]),
    ],
    targets: [
        // MARK: - C
        .systemLibrary(
            name: "CCmark",
            pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]
        ),
        .systemLibrary(
            name: "CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CVips",
            providers: [.apt(["libvips-dev"])]
        ),

        // MARK: - Libraries (dependencies point toward the model)
        // Descriptions (Markdown, HTML, text) to safe HTML and searched text: a leaf the model reads with.
        .target(name: "TypeaheadMarkup", dependencies: ["CCmark", "CGumbo"]),
        .target(name: "TypeaheadModel", dependencies: ["TypeaheadMarkup"]),
        .target(name: "TypeaheadMustache", dependencies: ["TypeaheadModel"]),
        .target(name: "TypeaheadImages", dependencies: ["CCurl", "CVips", "TypeaheadModel"]),
        .target(name: "TypeaheadEngine", dependencies: ["TypeaheadModel"]),
        .target(
            name: "TypeaheadSite",
            dependencies: [
                "TypeaheadModel", "TypeaheadEngine", "TypeaheadMarkup", "TypeaheadMustache", "TypeaheadImages",
            ]
        ),
        .target(name: "TypeaheadSuggest", dependencies: ["TypeaheadModel", "TypeaheadEngine"]),
        .target(name: "TypeaheadImport", dependencies: ["TypeaheadModel", "CLibXML2"]),
        .target(
            name: "TypeaheadServe",
            dependencies: ["CMicroHTTPD", "TypeaheadModel", "TypeaheadEngine", "TypeaheadSite"]
        ),
        .target(
            name: "TypeaheadCLI",
            dependencies: [
                "TypeaheadModel", "TypeaheadEngine", "TypeaheadSite", "TypeaheadSuggest", "TypeaheadImages",
                "TypeaheadServe", "TypeaheadImport",
            ]
        ),
        .executableTarget(name: "typeahead", dependencies: ["TypeaheadCLI"]),
        .executableTarget(
            name: "EngineBenchmark", dependencies: ["TypeaheadEngine", "TypeaheadModel"],
            path: "Benchmarks/EngineBenchmark"),
        .executableTarget(
            name: "AnswersBenchmark", dependencies: ["TypeaheadEngine", "TypeaheadModel"],
            path: "Benchmarks/AnswersBenchmark"),
        .executableTarget(
            name: "PrefixMapBenchmark", dependencies: ["TypeaheadEngine", "TypeaheadModel", "TypeaheadSite"],
            path: "Benchmarks/PrefixMapBenchmark"),

        // MARK: - Tests
        .target(name: "TypeaheadTestSupport", path: "Tests/TypeaheadTestSupport"),
        .testTarget(
            name: "MustacheTests",
            dependencies: ["TypeaheadMustache", "TypeaheadTestSupport"],
            exclude: ["Spec"]
        ),
        .testTarget(
            name: "ModelTests",
            dependencies: ["TypeaheadModel", "TypeaheadMarkup", "TypeaheadTestSupport"]
        ),
        .testTarget(
            name: "EngineTests",
            dependencies: ["TypeaheadEngine", "TypeaheadModel", "TypeaheadTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ImageTests",
            dependencies: ["TypeaheadImages", "TypeaheadModel", "TypeaheadTestSupport"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SiteTests",
            dependencies: [
                "TypeaheadSite", "TypeaheadMarkup", "TypeaheadModel", "TypeaheadMustache",
                "TypeaheadTestSupport",
            ]
        ),
        .testTarget(
            name: "SuggestTests",
            dependencies: ["TypeaheadSuggest", "TypeaheadEngine", "TypeaheadModel", "TypeaheadTestSupport"]
        ),
        .testTarget(
            name: "ServeTests",
            dependencies: [
                "TypeaheadServe", "TypeaheadEngine", "TypeaheadModel", "TypeaheadSite", "TypeaheadTestSupport",
            ]
        ),
        .testTarget(
            name: "ImportTests",
            dependencies: ["TypeaheadImport", "TypeaheadModel", "TypeaheadCLI", "TypeaheadTestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TypeaheadSite", "TypeaheadModel", "TypeaheadCLI", "TypeaheadTestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
