// Result-or-error type for the core: errors name the field they are about.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gp
{

// A sentence of the core's in words a front end can translate: `text` is its English template with the arguments
// %1, %2 ... (one of the templates in base/error_words.h, marked there for translation), `args` the arguments as the
// core writes them (numbers, names).
struct Words {
    const char* text = nullptr;
    std::vector<std::string> args = {};
};

// The template with its arguments filled in: the English sentence.
std::string fillWords(const Words& words);

// An error found in input: `field` is a JSON-style path ("workload.sequence_length"),
// `message` says what is wrong in English (the CLI prints "field: message").
// `words`: the message as its templates and arguments, one after another (message is their English, filled in), for
// a window in another language; empty where the message is not worded from the templates.
struct Error {
    std::string field;
    std::string message;
    std::string file = {}; // optional: the file the field was read from
    std::vector<Words> words = {};
    // A file or stream that could not be read or written (the CLI exits 2 on it), not a fault in the input.
    bool ioFailure = false;

    std::string toString() const
    {
        std::string s;
        if (!file.empty())
            s += file + ": ";
        if (!field.empty())
            s += field + ": ";
        return s + message;
    }
};

// An error whose message is `words` filled in (and kept for a front end to translate).
Error wordedError(std::string field, Words words, std::string file = {});
// Appends `words` to the error's message (and to its words, where the message so far is worded).
void appendWords(Error& error, Words words);

template <class T> class Expected
{
public:
    Expected(T value)
        : m_data(std::move(value))
    {
    }
    Expected(Error error)
        : m_data(std::move(error))
    {
    }

    bool ok() const { return m_data.index() == 0; }
    explicit operator bool() const { return ok(); }
    T& value() { return std::get<0>(m_data); }
    const T& value() const { return std::get<0>(m_data); }
    T& operator*() { return value(); }
    const T& operator*() const { return value(); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    const Error& error() const { return std::get<1>(m_data); }

private:
    std::variant<T, Error> m_data;
};

} // namespace gp
