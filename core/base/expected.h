// Result-or-error type for the core: errors name the field they are about.
#pragma once

#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace gp
{

// An error found in input: `field` is a JSON-style path ("workload.sequence_length"),
// `message` says what is wrong in English (the CLI prints "field: message").
struct Error {
    std::string field;
    std::string message;
    std::string file = {}; // optional: the file the field was read from

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
