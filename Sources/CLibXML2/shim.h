// libxml2's streaming reader (xmlTextReader), as `typeahead import` reads XML feeds with it; only
// TypeaheadImport imports this module. Debian's libxml2-dev (pkg-config libxml-2.0).
//
// Debian builds libxml2 with ICU, so <libxml/encoding.h> includes <unicode/ucnv.h>: the system's
// ICU, whose `UErrorCode` differs from the one Foundation's own ICU module (_FoundationICU)
// defines, and a clean build fails on the two definitions. encoding.h uses only two ICU types,
// through pointers and an array of UChar in a struct Typeahead never touches: they are declared
// here with ICU's own sizes, and ucnv.h's include guard set, so no ICU header is read.
#include <stdint.h>
#define UCNV_H 1
typedef struct UConverter UConverter;
typedef uint16_t UChar;

#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlreader.h>

static inline void typeahead_xml_silent(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// libxml2 prints what no handler takes to stderr; the reader's errors go to its structured
/// handler, so the rest is silenced (a variadic C function, which Swift cannot write). Per thread.
static inline void typeahead_xml_silence(void) { xmlSetGenericErrorFunc(NULL, typeahead_xml_silent); }

/// The options `typeahead import` parses with, and no others: no network (XML_PARSE_NONET), big line
/// numbers; never XML_PARSE_NOENT (entity substitution), XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR,
/// XML_PARSE_DTDVALID, XML_PARSE_XINCLUDE or XML_PARSE_HUGE (which lifts the 10 MB text limits).
static inline int typeahead_xml_options(void) { return XML_PARSE_NONET | XML_PARSE_COMPACT | XML_PARSE_BIG_LINES; }
