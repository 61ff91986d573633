// The one header of libgumbo (Google's HTML5 parser) that Typeahead uses; only TypeaheadMarkup
// imports this module.
#include <gumbo.h>
