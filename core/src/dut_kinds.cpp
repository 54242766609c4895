// The list of DUT kinds, and what every kind shares: parsing and making the link.

#include "messages.h"

#include <cipherwatt/core/dut_kinds.h>

namespace cipherwatt::core {

std::span<const DutKind> dutKinds()
{
    static const std::vector<DutKind> kinds{localDutKind(), sshDutKind(), adbDutKind(),
                                            serialDutKind(), tcpDutKind()};
    return kinds;
}

const DutKind *dutKind(const QString &prefix)
{
    for (const DutKind &k : dutKinds()) {
        if (prefix == QLatin1String(k.resource.prefix))
            return &k;
    }
    return nullptr;
}

std::span<const ResourceKind> dutResourceKinds()
{
    static const std::vector<ResourceKind> resources = [] {
        std::vector<ResourceKind> out;
        for (const DutKind &k : dutKinds())
            out.push_back(k.resource);
        return out;
    }();
    return resources;
}

Result<ParsedDut> parseDut(const QString &text)
{
    auto parsed = instruments::parseResource(dutResourceKinds(), text, msg::kBadDutResource);
    if (!parsed)
        return Error{ErrorCode::Usage, parsed.error().message};
    const auto kinds = dutKinds();
    const auto index = static_cast<std::size_t>(parsed->kind - dutResourceKinds().data());
    return ParsedDut{&kinds[index], parsed->values};
}

Result<Dut::LinkFactory> makeDutLink(const QString &resource, const ResourceValues &options,
                                     const DutContext &context)
{
    auto parsed = parseDut(resource);
    if (!parsed)
        return parsed.error();
    ResourceValues values = parsed->values;
    for (auto it = options.begin(); it != options.end(); ++it) {
        const instruments::ResourceField *field = parsed->kind->resource.field(it.key());
        if (field != nullptr && field->option)
            values.insert(it.key(), it.value());
    }
    return parsed->kind->link(values, context);
}

} // namespace cipherwatt::core
