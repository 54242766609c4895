// The DUT `local`: this computer, its worker a child process.

#include "messages.h"

#include <cipherwatt/core/dut_kinds.h>

namespace cipherwatt::core {

DutKind localDutKind()
{
    DutKind kind;
    kind.resource = {
        "local", ResourceKind::Form::Word, "local", msg::kDutKindLocal, msg::kDutKindLocalHelp, {}};
    kind.link = [](const ResourceValues &, const DutContext &context) -> Result<Dut::LinkFactory> {
        const LocalWorkerOptions local = context.local;
        return Dut::LinkFactory([local] { return makeLocalWorkerLink(local); });
    };
    return kind;
}

} // namespace cipherwatt::core
