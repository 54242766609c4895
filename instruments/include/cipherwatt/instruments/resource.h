#pragma once

// Resource strings, declared once per kind (DESIGN.md, "Resource strings"): a meter transport
// or a DUT kind says its prefix, its form, its fields (name, type, default, limits, the words a
// form shows) and its help text in one ResourceKind. The parser, the command line's help and
// the window's connection forms are made from these declarations, so a new transport or DUT
// kind is one declaration beside its code, plus its line in the module's list.
//
// Three forms:
//   Word   `local`, `auto`, `sim`                          (no fields, or optional ones below)
//   Colon  `tcp:<host>:<port>`, `serial:<device>[:<baud>]`  the first field takes what is left
//          after the numeric fields are taken from the right
//   Url    `ssh://<user>@<host>[:<port>]`                  percent-escapes are decoded first,
//          then every field is checked
//
// Options are fields that are not part of the string (an SSH key file, upload allowed): the
// front ends show and pass them the same way, under their own command-line flag.

#include <cipherwatt/instruments/error.h>
#include <cipherwatt/instruments/message.h>

#include <QMap>
#include <QString>

#include <span>
#include <vector>

namespace cipherwatt::instruments {

struct ResourceField
{
    enum class Type : std::uint8_t {
        Text,    // anything printable without ':'
        Name,    // a user name: letters, digits, '.', '_', '-'
        Host,    // a host name, an IPv4 address or a [bracketed] IPv6 address
        Integer, // within [minimum, maximum]
        Device,  // a device path or a meter's USB serial / bus.address
        File,    // a local file
        Flag,    // an option that is on or off ("1" or "")
    };
    // Where a form finds the values to offer.
    enum class Source : std::uint8_t { None, UsbtmcMeters, SerialPorts, AdbDevices };

    const char *name; // "host": the key of ResourceValues and of saved settings
    Type type = Type::Text;
    bool optional = false;    // may be left out (then `defaultValue` holds)
    const char *defaultValue; // "" for none
    MessageTemplate label;    // "Host:" (forms)
    MessageTemplate help;     // a tooltip, or the command line's help of an option
    qint64 minimum = 0;       // Integer
    qint64 maximum = 0;
    bool option = false;      // not part of the string: a setting of the kind
    const char *cliFlag = ""; // an option's command-line flag ("--ssh-key")
    Source source = Source::None;
};

struct ResourceKind
{
    enum class Form : std::uint8_t { Word, Colon, Url };

    const char *prefix; // "tcp", "ssh"
    Form form = Form::Word;
    const char *syntax;    // "tcp:<host>:<port>", for help texts and errors
    MessageTemplate title; // "Network (TCP)" (forms)
    MessageTemplate help;  // one or two sentences (forms' tooltips, the command line's help)
    std::vector<ResourceField> fields;

    const ResourceField *field(const QString &name) const;
};

// Field name -> value; a parsed resource has every field's value (defaults filled in).
using ResourceValues = QMap<QString, QString>;

struct ParsedResource
{
    const ResourceKind *kind = nullptr;
    ResourceValues values;
};

// Parses `text` against `kinds`. An error says what was wrong with it, then (through
// `badResource`, a template of "%1: %2" shape that names the resource's role, e.g. "meter \"%1\":
// %2 (use %3)") the forms that are valid.
Result<ParsedResource> parseResource(std::span<const ResourceKind> kinds, const QString &text,
                                     const MessageTemplate &badResource);
// The resource string of `kind` with `values` (fields left empty that may be left out are).
QString formatResource(const ResourceKind &kind, const ResourceValues &values);
// "auto, sim[:<profile>], tcp:<host>:<port>, ...": every kind's syntax.
QString syntaxList(std::span<const ResourceKind> kinds, const QString &separator);

// The meter's kinds, in the order forms offer them (meter.cpp declares them beside their
// transports).
std::span<const ResourceKind> meterResourceKinds();

} // namespace cipherwatt::instruments
