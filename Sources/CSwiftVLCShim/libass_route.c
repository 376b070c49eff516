/* Routes libass's messages away from stderr; see swiftvlc_libass_route in CSwiftVLCShim.h.
 *
 * libVLC 3's libass plugin (modules/codec/libass.c) never calls ass_set_message_cb, so
 * libass's default callback prints "[ass] libass API version: ..." and the rest of its banner
 * with fprintf(stderr) whenever an SSA/ASS track is drawn. No libVLC option changes that. The
 * plugin's import of ass_library_init (a GOT slot) is pointed at a wrapper that installs our
 * callback on the library it returns. */
#define _GNU_SOURCE
#include "CSwiftVLCShim.h"

#include <dlfcn.h>
#include <elf.h>
#include <limits.h>
#include <link.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__aarch64__)
#define ROUTE_SUPPORTED 1
#else
#define ROUTE_SUPPORTED 0
#endif

typedef void (*ass_message_callback)(int level, const char *format, va_list args, void *data);
typedef void *(*ass_library_init_function)(void);
typedef void (*ass_set_message_cb_function)(void *library, ass_message_callback callback,
                                            void *data);

static ass_library_init_function real_library_init;
static ass_set_message_cb_function real_set_message_cb;
static _Atomic(swiftvlc_libass_sink) route_sink;

static void route_message(int level, const char *format, va_list args, void *data) {
    (void)data;
    swiftvlc_libass_sink sink = atomic_load(&route_sink);
    if (sink == NULL) {
        return;
    }
    char message[SWIFTVLC_LOG_MESSAGE_MAX];
    if (vsnprintf(message, sizeof(message), format, args) < 0) {
        return;
    }
    sink(level, message);
}

static void *quiet_library_init(void) {
    void *library = real_library_init();
    if (library != NULL) {
        real_set_message_cb(library, route_message, NULL);
    }
    return library;
}

/* A dynamic-section address: glibc relocates them in place on x86-64 and AArch64, other
 * loaders may not. */
static uintptr_t dynamic_address(const struct link_map *map, ElfW(Addr) value) {
    return value < map->l_addr ? map->l_addr + value : value;
}

struct relro_search {
    ElfW(Addr) base;
    uintptr_t start;
    uintptr_t end;
};

static int find_relro(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    struct relro_search *search = data;
    if (info->dlpi_addr != search->base) {
        return 0;
    }
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[index];
        if (header->p_type == PT_GNU_RELRO) {
            search->start = info->dlpi_addr + header->p_vaddr;
            search->end = search->start + header->p_memsz;
        }
    }
    return 1;
}

/* Writes `value` into the slot, lifting RELRO's read-only protection for the moment. */
static int write_slot(const struct link_map *map, void **slot, void *value) {
    struct relro_search search = {map->l_addr, 0, 0};
    dl_iterate_phdr(find_relro, &search);
    uintptr_t address = (uintptr_t)slot;
    int protected = address >= search.start && address < search.end;
    uintptr_t page_size = (uintptr_t)sysconf(_SC_PAGESIZE);
    void *page = (void *)(address & ~(page_size - 1));
    if (protected && mprotect(page, page_size, PROT_READ | PROT_WRITE) != 0) {
        return -1;
    }
    *slot = value;
    if (protected) {
        mprotect(page, page_size, PROT_READ);
    }
    return 0;
}

/* Points every relocation of `map` against `name` at `value`; returns how many. */
static int patch_imports(const struct link_map *map, const char *name, void *value) {
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *tables[2] = {NULL, NULL};
    size_t sizes[2] = {0, 0};
    int uses_rela = 1;
    for (const ElfW(Dyn) *entry = map->l_ld; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB:
            symbols = (const ElfW(Sym) *)dynamic_address(map, entry->d_un.d_ptr);
            break;
        case DT_STRTAB:
            strings = (const char *)dynamic_address(map, entry->d_un.d_ptr);
            break;
        case DT_JMPREL:
            tables[0] = (const ElfW(Rela) *)dynamic_address(map, entry->d_un.d_ptr);
            break;
        case DT_PLTRELSZ:
            sizes[0] = entry->d_un.d_val;
            break;
        case DT_RELA:
            tables[1] = (const ElfW(Rela) *)dynamic_address(map, entry->d_un.d_ptr);
            break;
        case DT_RELASZ:
            sizes[1] = entry->d_un.d_val;
            break;
        case DT_PLTREL:
            uses_rela = entry->d_un.d_val == DT_RELA;
            break;
        default:
            break;
        }
    }
    if (symbols == NULL || strings == NULL || !uses_rela) {
        return 0;
    }
    int patched = 0;
    for (int table = 0; table < 2; table++) {
        if (tables[table] == NULL) {
            continue;
        }
        for (size_t index = 0; index < sizes[table] / sizeof(ElfW(Rela)); index++) {
            const ElfW(Rela) *relocation = &tables[table][index];
            size_t symbol = ELF64_R_SYM(relocation->r_info);
            if (symbol == 0 || strcmp(strings + symbols[symbol].st_name, name) != 0) {
                continue;
            }
            void **slot = (void **)(map->l_addr + relocation->r_offset);
            if (write_slot(map, slot, value) == 0) {
                patched++;
            }
        }
    }
    return patched;
}

int swiftvlc_libass_route(swiftvlc_libass_sink sink) {
    if (!ROUTE_SUPPORTED) {
        return -1;
    }
    char folder[PATH_MAX];
    char plugin[PATH_MAX];
    if (swiftvlc_libvlc_folder(folder, sizeof(folder)) != 0 ||
        snprintf(plugin, sizeof(plugin), "%s/vlc/plugins/codec/liblibass_plugin.so", folder) >=
            (int)sizeof(plugin)) {
        return -1;
    }
    /* RTLD_NOW: every import is bound now, so no lazy binding rewrites the slot later. The
     * handle is kept: libVLC's own dlopen of the same file gets this, patched, object. */
    void *handle = dlopen(plugin, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        return -1;
    }
    /* Looked up through the plugin's handle: libass itself, not the plugin's slot. */
    real_library_init = (ass_library_init_function)dlsym(handle, "ass_library_init");
    real_set_message_cb = (ass_set_message_cb_function)dlsym(handle, "ass_set_message_cb");
    struct link_map *map = NULL;
    if (real_library_init == NULL || real_set_message_cb == NULL ||
        dlinfo(handle, RTLD_DI_LINKMAP, &map) != 0 || map == NULL) {
        dlclose(handle);
        return -1;
    }
    atomic_store(&route_sink, sink);
    if (patch_imports(map, "ass_library_init", (void *)quiet_library_init) == 0) {
        dlclose(handle);
        return -1;
    }
    return 0;
}
