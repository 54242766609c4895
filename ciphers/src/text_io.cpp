#include "text_io.h"

#include <cerrno>
#include <fcntl.h>
#include <sstream>
#include <system_error>
#include <unistd.h>

namespace cipherwatt::ciphers::detail {

std::string_view trim(std::string_view text, std::string_view characters)
{
    const auto first = text.find_first_not_of(characters);
    if (first == std::string_view::npos)
        return {};
    const auto last = text.find_last_not_of(characters);
    return text.substr(first, last - first + 1);
}

int readFile(const std::filesystem::path &file, std::string &text)
{
    const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    text.clear();
    char buffer[4096];
    int error = 0;
    for (;;) {
        const ssize_t count = ::read(fd, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            error = errno;
        if (count <= 0)
            break;
        text.append(buffer, static_cast<std::size_t>(count));
    }
    ::close(fd);
    return error;
}

int writeAll(int fd, std::string_view data)
{
    std::size_t done = 0;
    while (done < data.size()) {
        const ssize_t count = ::write(fd, data.data() + done, data.size() - done);
        if (count < 0 && errno == EINTR)
            continue;
        if (count < 0)
            return errno;
        done += static_cast<std::size_t>(count);
    }
    return 0;
}

std::string errnoText(int error)
{
    return std::error_code(error, std::generic_category()).message();
}

std::vector<std::string> splitWords(std::string_view text)
{
    std::vector<std::string> words;
    std::istringstream stream{std::string(text)};
    for (std::string word; stream >> word;)
        words.push_back(word);
    return words;
}

std::string joinWords(const std::vector<std::string> &words)
{
    std::string joined;
    for (const auto &word : words)
        joined += (joined.empty() ? "" : " ") + word;
    return joined;
}

} // namespace cipherwatt::ciphers::detail
