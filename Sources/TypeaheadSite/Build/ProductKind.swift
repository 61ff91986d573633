import TypeaheadModel

/// What kind of thing a product is, for its placeholder's icon (a phone, a case, a charger…): read
/// from its categories, the most specific first, then from its name. The build writes it on the
/// static cards and in the client index's rows (`kind`), so the page's script draws the same icon.
///
/// A category is read by its words, against the kinds in order (so "Wireless Chargers & Cases" is
/// a case, "Smartwatch Charging Docks" a charger). A category that names accessories ("iPhone
/// Accessories", "Cell Phone Accessories") stops the reading there (an iPhone accessory is not an
/// iPhone): the name decides. Nothing found is `other`, a shopping bag.
public enum ProductKind: String, CaseIterable, Sendable {
    case phone, `case`, protector, charger, cable, battery, headphones, speaker, watch, camera, laptop,
        desktop, tablet, tv, appliance, card, signal, other

    /// The words that say each kind, in the order they are tried; `phone` last, so a case "for
    /// iPhone" is a case.
    static let rules: [(ProductKind, Set<String>)] = [
        (
            .case,
            ["case", "cases", "clips", "clip", "armband", "armbands", "sleeve", "sleeves", "folio", "skins", "bumper"]
        ),
        (.protector, ["protector", "protectors", "invisibleshield"]),
        (.charger, ["charger", "chargers", "charging", "charge", "dock", "docks", "mats"]),
        (.cable, ["cable", "cables", "adapter", "adapters", "cord", "cords", "hub"]),
        (.battery, ["battery", "batteries", "bank", "powerstation", "mah"]),
        (
            .headphones,
            [
                "headset", "headsets", "headphone", "headphones", "earbud", "earbuds", "earphones", "speakerphones",
                "microphone",
            ]
        ),
        (.speaker, ["speaker", "speakers", "subwoofer", "subwoofers", "audio"]),
        (.watch, ["smartwatch", "smartwatches", "watch", "watches"]),
        (
            .camera,
            ["camera", "cameras", "cam", "lens", "lenses", "photography", "gimbal", "gimbals", "selfie", "tripod"]
        ),
        (.laptop, ["laptop", "laptops", "chromebook", "chromebooks", "notebook", "notebooks", "macbook"]),
        (.desktop, ["desktop", "desktops", "monitor", "monitors", "computer", "computers", "imac"]),
        (.tablet, ["tablet", "tablets", "ipad"]),
        (.tv, ["tv", "tvs", "television", "televisions"]),
        (
            .appliance,
            [
                "appliance", "appliances", "refrigerator", "refrigerators", "vacuum", "washer", "dryer", "microwave",
                "dishwasher",
            ]
        ),
        (.card, ["card", "cards", "minutes", "sim"]),
        (.signal, ["hotspot", "hotspots", "booster", "boosters", "antenna", "antennas", "broadband", "networking"]),
        (.phone, ["phone", "phones", "iphone", "smartphone", "smartphones"]),
    ]

    public static func of(_ product: Product) -> ProductKind {
        for category in product.categories.reversed() {
            let words = TextNormalizer.words(category)
            if words.contains("accessories") || words.contains("accessory") { break }
            if let kind = kind(of: words) { return kind }
        }
        return kind(of: TextNormalizer.words(product.name)) ?? .other
    }

    static func kind(of words: [String]) -> ProductKind? {
        rules.first { _, said in words.contains(where: said.contains) }?.0
    }
}
