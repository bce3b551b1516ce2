namespace HdrHistogram.Logging;

/// <summary>
/// The strings of the tags a log reader has seen most recently, looked up by their UTF-8 bytes, so that reading a log
/// whose lines repeat a few tags (interleaved or not) allocates a tag string only the first time each appears.
/// </summary>
internal sealed class TagCache
{
    private const int Capacity = 32;

    private static readonly System.Text.UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: false);

    private readonly byte[][] _bytes = new byte[Capacity][];
    private readonly string[] _strings = new string[Capacity];
    private int _count;
    private int _next;

    /// <summary>The tag whose UTF-8 bytes are <paramref name="buffer"/>[<paramref name="offset"/>..+<paramref name="length"/>].</summary>
    public string Get(byte[] buffer, int offset, int length)
    {
        var utf8 = new ReadOnlySpan<byte>(buffer, offset, length);
        for (int i = 0; i < _count; i++)
        {
            if (utf8.SequenceEqual(_bytes[i]))
            {
                return _strings[i];
            }
        }

        string tag = Utf8.GetString(buffer, offset, length);
        int slot = _count < Capacity ? _count++ : _next++ % Capacity;
        _bytes[slot] = utf8.ToArray();
        _strings[slot] = tag;
        return tag;
    }
}
