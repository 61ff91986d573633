// libvips, as Typeahead uses it; only TypeaheadImages imports this module.
// libvips's operations take variadic options, which Swift cannot call: each one Typeahead needs is
// wrapped here with its options pinned, so the same input always gives the same bytes.
//
// The few declarations used are stated here rather than by including <vips/vips.h>: that header
// pulls in GLib's, whose include folders pkg-config gives with `-pthread`, a flag SwiftPM refuses
// with a warning on every build. They are libvips 8's stable C API (Debian's libvips-dev 8.14).
#include <stddef.h>
#include <stdlib.h>

typedef struct _VipsImage VipsImage;
int vips_init(const char *argv0);
int vips_version(int flag);
const char *vips_version_string(void);
void vips_cache_set_max(int max);
void vips_cache_set_max_mem(size_t max_mem);
void vips_concurrency_set(int concurrency);
VipsImage *vips_image_new_from_buffer(const void *buf, size_t len, const char *option_string, ...);
int vips_image_get_width(const VipsImage *image);
int vips_image_get_height(const VipsImage *image);
int vips_thumbnail_buffer(void *buf, size_t len, VipsImage **out, int width, ...);
int vips_webpsave_buffer(VipsImage *in, void **buf, size_t *len, ...);
const char *vips_error_buffer(void);
void vips_error_clear(void);
void g_object_unref(void *object);
void g_free(void *memory);
char *g_compute_checksum_for_data(int checksum_type, const unsigned char *data, size_t length);

enum { TYPEAHEAD_VIPS_ACCESS_SEQUENTIAL = 1, TYPEAHEAD_VIPS_SIZE_DOWN = 2, TYPEAHEAD_G_CHECKSUM_SHA256 = 2 };

/// Starts libvips once per process: no operation cache (every image is seen once) and one thread
/// per operation (Typeahead runs images in parallel itself; the output does not depend on it).
static inline int typeahead_vips_start(void) {
    // A bad image is an error Typeahead reports with the product named; libvips' own warnings
    // (printed by GLib to stderr) would only repeat it.
    setenv("VIPS_WARNING", "0", 0);
    if (vips_version(0) != 8 || vips_init("typeahead") != 0) return -1;
    vips_cache_set_max(0);
    vips_cache_set_max_mem(0);
    vips_concurrency_set(1);
    return 0;
}

/// The dimensions of an image in memory, read from its header (nothing is decoded). 0 on success.
static inline int typeahead_vips_header(const void *bytes, size_t length, int *width, int *height) {
    VipsImage *image = vips_image_new_from_buffer(bytes, length, "", "access", TYPEAHEAD_VIPS_ACCESS_SEQUENTIAL, (void *)0);
    if (image == NULL) return -1;
    *width = vips_image_get_width(image);
    *height = vips_image_get_height(image);
    g_object_unref(image);
    return 0;
}

/// Decodes the image in full (failing on any decoding error, so a truncated file is refused),
/// shrinks it to fit `size`×`size` (never enlarging), converts it to sRGB and encodes it as WebP
/// with pinned settings and no metadata. The caller frees `*output` with `g_free`. 0 on success.
static inline int typeahead_vips_thumbnail_webp(
    const void *bytes, size_t length, int size, int quality,
    void **output, size_t *outputLength, int *width, int *height
) {
    VipsImage *thumbnail = NULL;
    if (vips_thumbnail_buffer((void *)bytes, length, &thumbnail, size,
            "height", size, "size", TYPEAHEAD_VIPS_SIZE_DOWN, "option_string", "fail_on=warning", (void *)0) != 0)
        return -1;
    *width = vips_image_get_width(thumbnail);
    *height = vips_image_get_height(thumbnail);
    int status = vips_webpsave_buffer(thumbnail, output, outputLength,
        "Q", quality, "effort", 4, "strip", 1, "smart_subsample", 0, "lossless", 0,
        "min_size", 0, "mixed", 0, (void *)0);
    g_object_unref(thumbnail);
    return status;
}

/// libvips' version, as `8.14.1`.
static inline const char *typeahead_vips_version(void) { return vips_version_string(); }

/// The last error libvips recorded (and clears it), for messages.
static inline const char *typeahead_vips_error(void) { return vips_error_buffer(); }
static inline void typeahead_vips_clear_error(void) { vips_error_clear(); }

/// SHA-256 of `bytes` in lowercase hex (GLib's); the caller frees it with `g_free`.
static inline char *typeahead_sha256(const void *bytes, size_t length) {
    return g_compute_checksum_for_data(TYPEAHEAD_G_CHECKSUM_SHA256, (const unsigned char *)bytes, length);
}
