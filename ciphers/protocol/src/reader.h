#pragma once

// Internal to the codec: reading JSON objects field by field, and the names of the messages.

#include <cipherwatt/protocol/messages.h>

#include <limits>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>

namespace cipherwatt::protocol::detail {

// Inside this file only: a decoding error unwinds to the public function, which returns it.
class ProtocolError : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

template<typename T>
struct IsOptional : std::false_type
{
};
template<typename T>
struct IsOptional<std::optional<T>> : std::true_type
{
};
template<typename T>
struct IsVector : std::false_type
{
};
template<typename T>
struct IsVector<std::vector<T>> : std::true_type
{
};

// Reads the fields of one JSON object by name and type, and remembers which it used: the
// others are the `extra` a newer peer sent.
class Reader
{
public:
    Reader(const Json &json, std::string path)
        : m_json(json)
        , m_path(std::move(path))
    {
        if (!json.is_object())
            throw ProtocolError(m_path.empty() ? std::string("expected a JSON object")
                                               : "field '" + m_path + "' must be an object");
    }

    template<typename T>
    T req(const char *name)
    {
        const Json *value = find(name);
        if (value == nullptr)
            throw ProtocolError("missing field '" + pathOf(name) + "'");
        return convert<T>(*value, pathOf(name));
    }

    template<typename T>
    std::optional<T> opt(const char *name)
    {
        const Json *value = find(name);
        if (value == nullptr)
            return std::nullopt;
        return convert<T>(*value, pathOf(name));
    }

    template<typename T>
    T get(const char *name, T fallback)
    {
        auto v = opt<T>(name);
        return v ? std::move(*v) : std::move(fallback);
    }

    // A nested object, decoded by `decode(Reader &)`.
    template<typename F>
    auto sub(const char *name, F decode)
    {
        const Json *value = find(name);
        if (value == nullptr)
            throw ProtocolError("missing field '" + pathOf(name) + "'");
        Reader r(*value, pathOf(name));
        return decode(r);
    }

    template<typename F>
    auto subOpt(const char *name, F decode) -> std::optional<decltype(decode(*this))>
    {
        const Json *value = find(name);
        if (value == nullptr)
            return std::nullopt;
        Reader r(*value, pathOf(name));
        return decode(r);
    }

    // An array of objects, each decoded by `decode(Reader &)`.
    template<typename F>
    auto list(const char *name, F decode) -> std::vector<decltype(decode(*this))>
    {
        std::vector<decltype(decode(*this))> out;
        const Json *value = find(name);
        if (value == nullptr)
            return out;
        if (!value->is_array())
            throw ProtocolError("field '" + pathOf(name) + "' must be an array");
        for (std::size_t i = 0; i < value->size(); ++i) {
            Reader r((*value)[i], pathOf(name) + "[" + std::to_string(i) + "]");
            out.push_back(decode(r));
        }
        return out;
    }

    // The value as it is (a field whose shape depends on another), marked as used.
    const Json *raw(const char *name) { return find(name); }
    const std::string &path() const { return m_path; }
    std::string pathOf(const char *name) const
    {
        return m_path.empty() ? std::string(name) : m_path + "." + name;
    }

    Extra rest() const
    {
        Json out = Json::object();
        for (auto it = m_json.begin(); it != m_json.end(); ++it) {
            if (m_used.count(it.key()) == 0)
                out[it.key()] = it.value();
        }
        return out.empty() ? Json() : out;
    }

    void use(const char *name) { m_used.insert(name); }

private:
    const Json *find(const char *name)
    {
        m_used.insert(name);
        const auto it = m_json.find(name);
        if (it == m_json.end() || it->is_null())
            return nullptr;
        return &*it;
    }

    template<typename T>
    static T convert(const Json &value, const std::string &path)
    {
        if constexpr (std::is_same_v<T, std::string>) {
            if (!value.is_string())
                throw ProtocolError("field '" + path + "' must be a string");
            return value.get<std::string>();
        } else if constexpr (std::is_same_v<T, bool>) {
            if (!value.is_boolean())
                throw ProtocolError("field '" + path + "' must be true or false");
            return value.get<bool>();
        } else if constexpr (std::is_integral_v<T>) {
            // Whole numbers must be JSON integers: 4096.5 bytes is an error, never rounded.
            if (!value.is_number_integer())
                throw ProtocolError("field '" + path + "' must be a whole number");
            if (value.is_number_unsigned()) {
                const auto v = value.get<std::uint64_t>();
                if (v > static_cast<std::uint64_t>(std::numeric_limits<T>::max()))
                    throw ProtocolError("field '" + path + "' is too large");
                return static_cast<T>(v);
            }
            const auto v = value.get<std::int64_t>();
            if constexpr (std::is_unsigned_v<T>) {
                if (v < 0)
                    throw ProtocolError("field '" + path + "' must not be negative");
            } else {
                if (v < static_cast<std::int64_t>(std::numeric_limits<T>::min()) ||
                    v > static_cast<std::int64_t>(std::numeric_limits<T>::max()))
                    throw ProtocolError("field '" + path + "' is out of range");
            }
            return static_cast<T>(v);
        } else if constexpr (std::is_floating_point_v<T>) {
            if (!value.is_number())
                throw ProtocolError("field '" + path + "' must be a number");
            return value.get<T>();
        } else if constexpr (IsVector<T>::value) {
            if (!value.is_array())
                throw ProtocolError("field '" + path + "' must be an array");
            T out;
            for (std::size_t i = 0; i < value.size(); ++i)
                out.push_back(convert<typename T::value_type>(
                    value[i], path + "[" + std::to_string(i) + "]"));
            return out;
        } else if constexpr (std::is_same_v<T, std::map<std::string, std::string>>) {
            if (!value.is_object())
                throw ProtocolError("field '" + path + "' must be an object");
            T out;
            for (auto it = value.begin(); it != value.end(); ++it)
                out[it.key()] = convert<std::string>(it.value(), path + "." + it.key());
            return out;
        } else {
            static_assert(sizeof(T) == 0, "no conversion for this type");
        }
    }

    const Json &m_json;
    std::string m_path;
    std::set<std::string> m_used;
};

inline constexpr const char *kCommandNames[] = {
    "hello",    "list",  "sysinfo", "cancel", "quit",     "selftest", "run",    "exec",
    "governor", "check", "kat",     "reset",  "activity", "sources",  "sample", "sample_stop"};
static_assert(std::size(kCommandNames) == std::variant_size_v<CommandBody>);

inline constexpr const char *kEventNames[] = {
    "hello",    "list",     "selftest", "sysinfo",      "run_start", "progress",   "run_end",
    "governor", "cancel",   "check",    "error",        "bye",       "kat",        "reset",
    "fault",    "activity", "sources",  "sample_start", "sample",    "sample_end", ""};
static_assert(std::size(kEventNames) == std::variant_size_v<EventBody>);

} // namespace cipherwatt::protocol::detail
