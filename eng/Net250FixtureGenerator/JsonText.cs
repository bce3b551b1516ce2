using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Net250FixtureGenerator;

/// <summary>
/// A small hand-rolled JSON writer: one field per line, but each array item (a bucket, a percentile) on a line of its
/// own without inner indentation, so large bucket lists stay compact and diff well. Numbers are culture-invariant;
/// doubles use the shortest round-trip form.
/// </summary>
internal sealed class JsonText
{
    private readonly StringBuilder _text = new();
    private int _depth;

    public static string Quote(string? value)
    {
        if (value is null)
        {
            return "null";
        }

        var sb = new StringBuilder("\"");
        foreach (char c in value)
        {
            switch (c)
            {
                case '"':
                    sb.Append("\\\"");
                    break;
                case '\\':
                    sb.Append("\\\\");
                    break;
                case '\n':
                    sb.Append("\\n");
                    break;
                case '\r':
                    sb.Append("\\r");
                    break;
                default:
                    if (c < 0x20)
                    {
                        sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    }
                    else
                    {
                        sb.Append(c);
                    }

                    break;
            }
        }

        return sb.Append('"').ToString();
    }

    public static string Number(long value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>The shortest round-trip form; NaN and infinities, which JSON lacks, as null.</summary>
    public static string Number(double value) => double.IsFinite(value) ? value.ToString("R", CultureInfo.InvariantCulture) : "null";

    public void Open() => OpenWith('{');

    public void Close(bool comma = false) => CloseWith('}', comma);

    public void Key(string name) => Indent().Append(Quote(name)).Append(":\n");

    public void OpenArray() => OpenWith('[');

    public void CloseArray(bool comma = false) => CloseWith(']', comma);

    public void Item(string raw, bool comma) => Indent().Append(raw).Append(comma ? ",\n" : "\n");

    public void Field(string name, string? value) => Raw(name, Quote(value));

    public void Field(string name, long value) => Raw(name, Number(value));

    public void Field(string name, double value) => Raw(name, Number(value));

    public void Field(string name, bool value) => Raw(name, value ? "true" : "false");

    public void Array(string name, IEnumerable<string> rawItems, bool last = false)
    {
        Indent().Append(Quote(name)).Append(": [").Append(string.Join(", ", rawItems)).Append(last ? "]\n" : "],\n");
    }

    public override string ToString() => _text.ToString();

    private void Raw(string name, string raw) => Indent().Append(Quote(name)).Append(": ").Append(raw).Append(",\n");

    /// <summary>Writes an opening bracket on its own line; what follows is indented one level deeper.</summary>
    private void OpenWith(char bracket)
    {
        Indent().Append(bracket).Append('\n');
        _depth++;
    }

    /// <summary>Writes a closing bracket at the enclosing level, followed by a comma when another member follows.</summary>
    private void CloseWith(char bracket, bool comma)
    {
        TrimComma();
        _depth--;
        Indent().Append(bracket).Append(comma ? ",\n" : "\n");
    }

    /// <summary>Drops the comma after the last member written, before a closing bracket.</summary>
    private void TrimComma()
    {
        if (_text.Length >= 2 && _text[_text.Length - 2] == ',' && _text[_text.Length - 1] == '\n')
        {
            _text.Remove(_text.Length - 2, 1);
        }
    }

    private StringBuilder Indent() => _text.Append(' ', _depth * 2);
}
