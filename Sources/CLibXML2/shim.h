/* Only CXMLStrings includes libxml2 (its C file): no Swift module imports this one. */
#include <libxml/parser.h>
#include <libxml/tree.h>
