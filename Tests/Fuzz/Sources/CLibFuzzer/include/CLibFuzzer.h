// libFuzzer's driver, which `-sanitize=fuzzer` links in. SwiftPM links an executable with
// `main` aliased to `<Target>_main`, so libFuzzer's own `main` is never the entry point; each
// target's `<Target>_main` hands over to this driver instead.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv,
                        int (*callback)(const uint8_t *data, size_t size));

// Brackets allocations LeakSanitizer must not report: the fixed inputs a target loads once
// and keeps to the end. Swift keeps some of their pointers with enum tag bits set, which
// LeakSanitizer does not recognise as pointers, so at exit they look leaked. No-ops in a build
// without LeakSanitizer.
void axfuzz_ignore_leaks_begin(void);
void axfuzz_ignore_leaks_end(void);
