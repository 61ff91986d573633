// The one header of libcmark that Typeahead uses; only TypeaheadMarkdown imports this module.
#include <cmark.h>
