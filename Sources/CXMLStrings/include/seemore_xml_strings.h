#ifndef SEEMORE_XML_STRINGS_H
#define SEEMORE_XML_STRINGS_H

/// One string of an Android resource file: its name, its element's text (inline markup's text in
/// place, not yet unescaped) and the line its element starts on.
typedef void (*seemore_xml_string_found)(void *context, const char *name, const char *text, long line);

/// Parses an Android string resource file (`strings.xml`) with libxml2 — without the network and
/// without expanding entities — and calls `found` for every `<string name>` of `<resources>` and
/// the `other` item of every `<plurals name>`, in order. libxml2's own types stay in the C file:
/// Swift's Foundation carries an ICU whose declarations clash with the system's, which libxml2's
/// headers include.
/// Returns 0; or nonzero with `message` (NUL-terminated, at most `message_size` bytes) and `*line`
/// (0 when the problem has none) saying why: 1 not XML, 2 a DOCTYPE (refused), 3 a root other than
/// `<resources>`, 4 a string without a name, 5 no memory.
int seemore_xml_strings(const char *bytes, int length, const char *url, seemore_xml_string_found found, void *context,
                        char *message, int message_size, long *line);

#endif
