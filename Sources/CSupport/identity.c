#define _GNU_SOURCE
#include "seemore_identity.h"

#include <elf.h>
#include <link.h>
#include <nettle/sha2.h>
#include <string.h>

struct visit {
    void (*each)(const char *, const unsigned char *, size_t, void *);
    void *context;
    int count;
};

/// The build ID among the notes of one PT_NOTE segment, or NULL.
static const unsigned char *build_id_in(const unsigned char *notes, size_t size, size_t *length) {
    size_t offset = 0;
    while (offset + sizeof(ElfW(Nhdr)) <= size) {
        const ElfW(Nhdr) *header = (const ElfW(Nhdr) *)(notes + offset);
        // Widened before rounding up: a size near 2³² must not wrap to a small one.
        size_t name = ((size_t)header->n_namesz + 3) & ~(size_t)3;
        size_t description = ((size_t)header->n_descsz + 3) & ~(size_t)3;
        size_t body = offset + sizeof(ElfW(Nhdr));
        if (body + name + description > size) return NULL;
        if (header->n_type == NT_GNU_BUILD_ID && header->n_namesz == 4 && memcmp(notes + body, "GNU", 4) == 0) {
            *length = header->n_descsz;
            return notes + body + name;
        }
        offset = body + name + description;
    }
    return NULL;
}

static int visit_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct visit *visit = data;
    const unsigned char *id = NULL;
    size_t length = 0;
    for (ElfW(Half) index = 0; index < info->dlpi_phnum && id == NULL; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_NOTE) continue;
        id = build_id_in((const unsigned char *)(info->dlpi_addr + segment->p_vaddr), segment->p_memsz, &length);
    }
    visit->each(info->dlpi_name ? info->dlpi_name : "", id, id ? length : 0, visit->context);
    visit->count++;
    return 0;
}

int seemore_build_ids(void (*each)(const char *, const unsigned char *, size_t, void *), void *context) {
    struct visit visit = {each, context, 0};
    dl_iterate_phdr(visit_object, &visit);
    return visit.count;
}

void seemore_sha256(const void *bytes, size_t length, unsigned char digest[32]) {
    struct sha256_ctx context;
    sha256_init(&context);
    sha256_update(&context, length, bytes);
    sha256_digest(&context, SHA256_DIGEST_SIZE, digest);
}
