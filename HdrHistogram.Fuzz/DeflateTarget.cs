using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using HdrHistogram.Encoding;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Mutated encodings (any bytes, up to the deflater's limit) compressed by the library's small-input deflater: the
/// platform's <see cref="DeflateStream"/> and the library's inflater both restore exactly the input, and the output is
/// never longer than one stored block (the input plus 5 bytes).
/// </summary>
internal sealed class DeflateTarget : FuzzTarget
{
    private readonly IReadOnlyList<(string Name, byte[] Bytes)> _seeds;
    private readonly SmallInputDeflater _deflater = new();
    private readonly ZlibInflater _inflater = new();
    private readonly PooledBufferWriter _deflated;
    private readonly byte[] _restored = new byte[SmallInputDeflater.MaxInputLength + 1];

    public DeflateTarget(IReadOnlyList<(string Name, byte[] Bytes)> seeds)
    {
        _deflated = Own(new PooledBufferWriter(SmallInputDeflater.MaxInputLength + 64));
        _seeds = seeds;
    }

    public override string Name => "deflate";

    public override FuzzInput Generate(Random random) => Mutator.NextInput(_seeds, s => s.Name, s => s.Bytes, random);

    public override bool Run(FuzzInput input, Random random)
    {
        ReadOnlySpan<byte> source = input.Bytes.AsSpan(0, Math.Min(input.Bytes.Length, SmallInputDeflater.MaxInputLength));
        _deflated.Clear();
        int length = _deflater.Deflate(source, _deflated);
        if (length > source.Length + 5)
        {
            throw new FuzzMismatchException("deflated " + source.Length + " bytes into " + length + ", more than a stored block");
        }

        byte[] deflated = _deflated.WrittenSpan.ToArray();
        using (var platform = new DeflateStream(new MemoryStream(deflated), CompressionMode.Decompress))
        {
            int total = 0;
            int read;
            while ((read = platform.Read(_restored, total, _restored.Length - total)) > 0)
            {
                total += read;
            }

            if (!_restored.AsSpan(0, total).SequenceEqual(source))
            {
                throw new FuzzMismatchException("the platform inflates the deflated " + source.Length + " bytes to " + total + " different bytes");
            }
        }

        // The library's inflater reads zlib streams: the same data with a header and the input's Adler-32.
        byte[] zlib = new byte[2 + deflated.Length + 4];
        zlib[0] = 0x78;
        zlib[1] = 0xDA;
        deflated.CopyTo(zlib, 2);
        BinaryPrimitives.WriteUInt32BigEndian(zlib.AsSpan(2 + deflated.Length), Adler32.Compute(source));
        InflateStatus status = _inflater.Inflate(zlib, _restored, out int consumed, out int written);
        if (status != InflateStatus.Completed || consumed != zlib.Length || !_restored.AsSpan(0, written).SequenceEqual(source))
        {
            throw new FuzzMismatchException("the library's inflater gives " + status + " with " + written + " bytes for the deflated " + source.Length + " bytes");
        }

        return true;
    }
}
