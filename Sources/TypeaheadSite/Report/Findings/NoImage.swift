/// Products whose cards and page show the placeholder, and why.
struct NoImage: Finding {
    let id = FindingID.noImage

    func table(_ input: FindingInput) -> BuildReport.Table {
        let rows = input.content.products.compactMap { product in
            input.images.placeholderReason(product).map { [product.objectID.text, product.name, $0] }
        }
        return .init(
            id, title: "Products without an image",
            note:
                "Their cards and pages show the site's placeholder (the brand's initial). A remote image is shown once `typeahead images fetch` has cached it.",
            columns: ["objectID", "name", "why"], rows: rows)
    }
}
