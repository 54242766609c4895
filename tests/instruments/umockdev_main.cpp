// Entry point of test_usbtmc. libumockdev-preload must be in the process from its start, so that
// libusb's view of /sys and /dev, and its ioctls, lead into the umockdev test bed. Started
// without it (as ctest does), the program runs itself again with LD_PRELOAD set. When the
// preload still does not load, umockdev is missing: every test fails, none is skipped.

#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define CIPHERWATT_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CIPHERWATT_ASAN 1
#endif
#endif

namespace {

constexpr const char *kPreload = "libumockdev-preload.so.0";
constexpr const char *kMarker = "CIPHERWATT_UMOCKDEV_REEXEC";

bool preloadLoaded()
{
    void *handle = ::dlopen(kPreload, RTLD_NOW | RTLD_NOLOAD);
    if (handle == nullptr)
        return false;
    ::dlclose(handle);
    return true;
}

// catch_discover_tests lists the tests at build time; listing needs no test bed.
bool onlyListing(int argc, char **argv)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strncmp(argv[i], "--list", 6) == 0)
            return true;
    }
    return false;
}

#if defined(CIPHERWATT_ASAN)
void appendOption(const char *name, const std::string &option)
{
    const char *old = std::getenv(name); // NOLINT(concurrency-mt-unsafe): one thread yet
    const std::string text =
        old != nullptr && *old != '\0' ? std::string(old) + ":" + option : option;
    ::setenv(name, text.c_str(), 1); // NOLINT(concurrency-mt-unsafe)
}
#endif

} // namespace

int main(int argc, char **argv)
{
    if (!preloadLoaded() && !onlyListing(argc, argv)) {
        if (std::getenv(kMarker) != nullptr) { // NOLINT(concurrency-mt-unsafe): one thread yet
            std::fprintf(stderr,
                         "test_usbtmc: %s does not load; install umockdev and libumockdev-dev "
                         "(packaging/install-deps.sh)\n",
                         kPreload);
            return 1;
        }
        // The preload goes first, as umockdev-wrapper puts it.
        const char *old = std::getenv("LD_PRELOAD"); // NOLINT(concurrency-mt-unsafe)
        const std::string preload =
            old != nullptr && *old != '\0' ? std::string(kPreload) + ":" + old : kPreload;
        ::setenv("LD_PRELOAD", preload.c_str(), 1); // NOLINT(concurrency-mt-unsafe)
        ::setenv(kMarker, "1", 1);                  // NOLINT(concurrency-mt-unsafe)
#if defined(CIPHERWATT_ASAN)
        // The preload now comes before the ASan runtime in the list of libraries.
        appendOption("ASAN_OPTIONS", "verify_asan_link_order=0");
#endif
        ::execv("/proc/self/exe", argv);
        std::perror("test_usbtmc: cannot run itself again under the umockdev preload");
        return 1;
    }
    return Catch::Session().run(argc, argv);
}
