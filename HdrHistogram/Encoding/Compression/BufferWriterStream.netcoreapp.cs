namespace HdrHistogram.Encoding.Compression;

internal sealed partial class BufferWriterStream
{
    /// <inheritdoc />
    public override void Write(ReadOnlySpan<byte> buffer) => Append(buffer);
}
