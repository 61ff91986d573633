// The one header of libcmark that Typeahead uses; only TypeaheadMarkup imports this module.
#include <cmark.h>
