#pragma once

// The kinds of DUT (DESIGN.md, "Resource strings"): each declares its resource string and its
// options once (cipherwatt/instruments/resource.h) and makes the link to its worker. The
// runner, the command line (its --dut help, its options) and the window's DUT form all work
// from this list, so a new kind of DUT is one file with its declaration and link, plus its line
// in dutKinds().

#include <cipherwatt/core/dut.h>
#include <cipherwatt/core/ssh.h>
#include <cipherwatt/instruments/resource.h>

#include <functional>
#include <span>

namespace cipherwatt::core {

using instruments::ResourceKind;
using instruments::ResourceValues;

// What a front end gives a kind to make its link.
struct DutContext
{
    // The local worker: the DUT `local` runs it; remote kinds upload it when theirs is missing,
    // and pass its global options (--isa, and --plugin files, uploaded beside it) on.
    LocalWorkerOptions local;
    // What an SSH link starts from before the kind fills in the target and its options: the
    // known_hosts files, the remote cache, the front end's questions (host key, secrets,
    // upload), extra arguments for tests.
    SshOptions ssh;
};

struct DutKind
{
    ResourceKind resource;
    // It runs cipherwatt-bench, so the worker's options (--plugin, --isa) apply; false for a
    // microcontroller, whose firmware carries its own ciphers.
    bool runsWorker = true;
    // The link to the worker for `values` (the resource's fields and the kind's options, every
    // one present, defaults filled in). An error names what cannot work (an option that
    // contradicts another, a file that does not exist).
    std::function<Result<Dut::LinkFactory>(const ResourceValues &values, const DutContext &context)>
        link;
};

// Every kind, in the order forms offer them.
std::span<const DutKind> dutKinds();
// The kind whose prefix is `prefix` ("local", "ssh", "serial"), or null.
const DutKind *dutKind(const QString &prefix);
// The same kinds' resource declarations (for parsing and help texts).
std::span<const ResourceKind> dutResourceKinds();

struct ParsedDut
{
    const DutKind *kind = nullptr;
    ResourceValues values;
};
// `text` against every kind; the error names what is wrong and the forms that are valid.
Result<ParsedDut> parseDut(const QString &text);

// The link for a DUT resource with the options a front end gathered (`options` may hold a
// subset of the kind's options; the rest keep their defaults).
Result<Dut::LinkFactory> makeDutLink(const QString &resource, const ResourceValues &options,
                                     const DutContext &context);

// The kinds' declarations, where they live beside their links.
DutKind localDutKind();
DutKind sshDutKind();
DutKind adbDutKind();    // an Android device over adb (adb.h)
DutKind serialDutKind(); // a microcontroller with the CipherWatt firmware (mcu.h)
DutKind tcpDutKind();

} // namespace cipherwatt::core
