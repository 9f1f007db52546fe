#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* libxml2's deallocator is a global function pointer Swift cannot read safely: called through here. */
static inline void seemore_xml_free(void *pointer) { xmlFree(pointer); }
