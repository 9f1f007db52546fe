// Android string resources read with libxml2 (fuzzed for a living), behind a header with no libxml2
// type in it. Tests/Fuzz/xml_strings.c fuzzes this walk.
#include "seemore_xml_strings.h"

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <stdio.h>
#include <string.h>

static int is_element(xmlNodePtr node, const char *name) {
    return node->type == XML_ELEMENT_NODE && node->name != NULL && strcmp((const char *)node->name, name) == 0;
}

static int fail(char *message, int message_size, long *line, long at, int code, const char *text) {
    if (message_size > 0) snprintf(message, (size_t)message_size, "%s", text);
    *line = at;
    return code;
}

/// Whether the attribute `name` of `node` is `value`.
static int has_attribute(xmlNodePtr node, const char *name, const char *value) {
    xmlChar *given = xmlGetProp(node, (const xmlChar *)name);
    int same = given != NULL && strcmp((const char *)given, value) == 0;
    xmlFree(given);
    return same;
}

int seemore_xml_strings(const char *bytes, int length, const char *url, seemore_xml_string_found found, void *context,
                        char *message, int message_size, long *line) {
    *line = 0;
    if (message_size > 0) message[0] = 0;
    xmlParserCtxtPtr parser = xmlNewParserCtxt();
    if (parser == NULL) return fail(message, message_size, line, 0, 5, "libxml2 has no memory");
    xmlDocPtr document =
        xmlCtxtReadMemory(parser, bytes, length, url, "UTF-8", XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (document == NULL) {
        const char *said = parser->lastError.message != NULL ? parser->lastError.message : "not XML";
        int code = fail(message, message_size, line, parser->lastError.line > 0 ? parser->lastError.line : 0, 1, said);
        xmlFreeParserCtxt(parser);
        return code;
    }
    int code = 0;
    xmlNodePtr root = xmlDocGetRootElement(document);
    if (document->intSubset != NULL) {
        code = fail(message, message_size, line, 1, 2, "a DOCTYPE is refused: a strings.xml declares no entities");
    } else if (root == NULL || !is_element(root, "resources")) {
        code = fail(message, message_size, line, 1, 3, "a string resource file's root element is <resources>");
    } else {
        for (xmlNodePtr element = root->children; element != NULL && code == 0; element = element->next) {
            int plural = is_element(element, "plurals");
            if (!plural && !is_element(element, "string")) continue;
            long at = xmlGetLineNo(element);
            xmlChar *name = xmlGetProp(element, (const xmlChar *)"name");
            if (name == NULL || name[0] == 0) {
                code = fail(message, message_size, line, at, 4, plural ? "<plurals> without a name" : "<string> without a name");
            } else {
                xmlNodePtr source = plural ? NULL : element;
                for (xmlNodePtr item = plural ? element->children : NULL; item != NULL; item = item->next) {
                    if (is_element(item, "item") && has_attribute(item, "quantity", "other")) {
                        source = item;
                        break;
                    }
                }
                if (source != NULL) {
                    xmlChar *text = xmlNodeGetContent(source);
                    found(context, (const char *)name, text != NULL ? (const char *)text : "", at);
                    xmlFree(text);
                }
            }
            xmlFree(name);
        }
    }
    xmlFreeDoc(document);
    xmlFreeParserCtxt(parser);
    return code;
}
