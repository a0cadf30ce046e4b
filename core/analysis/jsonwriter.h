#pragma once

#include <QByteArray>
#include <QStringView>
#include <QtGlobal>

namespace PriorityLab {

/// Appends JSON text to a byte buffer, byte for byte as QJsonDocument::Compact writes the same
/// values, without building a QJsonObject: the event stream writes a million of them a second
/// (docs/design.md §7). Strings are written as UTF-8 with the escapes Qt uses: \" \\ \b \f \n
/// \r \t, \u00XX for the other control characters below U+0020 (DEL and non-ASCII characters
/// go through as UTF-8), and \uXXXX (lower-case hex) for a lone surrogate, so that the text
/// stays valid UTF-8 and reads back the same. The caller writes keys in QJsonObject's order
/// (sorted) to get the same bytes.
class JsonWriter
{
public:
    /// Writes into @p out, after what it holds. The text is complete once the writer is
    /// destroyed or finish() is called (until then @p out may hold spare bytes at its end).
    explicit JsonWriter(QByteArray &out) : m_out(out), m_used(out.size()) { }
    ~JsonWriter() { finish(); }
    JsonWriter(const JsonWriter &) = delete;
    JsonWriter &operator=(const JsonWriter &) = delete;

    /// Cuts @p out to the bytes written.
    void finish();

    /// Opens an object: "{".
    void beginObject() { room(1); *m_pos++ = '{'; m_first = true; }
    /// Closes an object: "}".
    void endObject() { room(1); *m_pos++ = '}'; m_first = false; }
    /// Writes "KEY": (preceded by a comma unless it is the first key of its object); @p key is
    /// plain ASCII without characters that need escaping.
    template<size_t N>
    void key(const char (&name)[N]) { writeKey(name, qsizetype(N - 1)); }
    /// One raw character, e.g. the newline that ends a JSON line.
    void raw(char c) { room(1); *m_pos++ = c; }

    /// "KEY":VALUE for a whole number.
    template<size_t N>
    void field(const char (&name)[N], qint64 value) { key(name); number(value); }
    /// "KEY":"VALUE" for a string.
    template<size_t N>
    void field(const char (&name)[N], QStringView value) { key(name); string(value); }

    /// A whole number, in decimal.
    void number(qint64 value);
    /// A string in double quotes, escaped as described above.
    void string(QStringView text);

private:
    /// Makes room for @p bytes more at m_pos (growing @p out geometrically).
    void room(qsizetype bytes)
    {
        if (m_end - m_pos < bytes)
            grow(bytes);
    }
    void grow(qsizetype bytes);
    void writeKey(const char *key, qsizetype length);

    QByteArray &m_out;
    qsizetype m_used = 0;     ///< bytes of m_out in use before m_pos was set (grow() keeps it)
    char *m_pos = nullptr;    ///< where the next byte goes (inside m_out's spare bytes)
    char *m_end = nullptr;    ///< end of the spare bytes
    bool m_first = true;      ///< no key written yet in the current object
};

/// @p text as a quoted JSON string (JsonWriter::string()).
QByteArray jsonString(QStringView text);

} // namespace PriorityLab
