using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Compression;
using HdrHistogram.Encoding.Compression;

namespace HdrHistogram.Fuzz;

/// <summary>
/// Mutated zlib streams inflated by the library's inflater into outputs of random size (plain, and with the zero-tail
/// check), and by the platform's <see cref="ZLibStream"/>: where both produce bytes they agree, a stream the inflater
/// completes is one the platform inflates to exactly those bytes, and one the platform inflates completely, with its
/// checksum, the inflater does not reject.
/// </summary>
internal sealed class InflateTarget : FuzzTarget
{
    private const int MaxOutput = 4 << 20;

    private readonly IReadOnlyList<(string Name, byte[] Bytes)> _seeds;
    private readonly ZlibInflater _inflater = new();
    private readonly byte[] _output = new byte[MaxOutput];
    private readonly byte[] _platform = new byte[MaxOutput + 1];

    public InflateTarget(IReadOnlyList<(string Name, byte[] Bytes)> seeds)
    {
        _seeds = seeds;
    }

    public override string Name => "inflate";

    public override FuzzInput Generate(Random random) => Mutator.NextInput(_seeds, s => s.Name, s => s.Bytes, random);

    public override bool Run(FuzzInput input, Random random)
    {
        int platformLength = PlatformInflate(input.Bytes, out bool platformCompleted);
        int size = random.Next(4) switch
        {
            0 => random.Next(64),
            1 => Math.Min(MaxOutput, platformLength),
            2 => Math.Min(MaxOutput, platformLength + random.Next(1, 100)),
            _ => random.Next(MaxOutput),
        };
        bool zeroTail = random.Next(3) == 0;
        var output = _output.AsSpan(0, size);
        InflateStatus status;
        int written;
        try
        {
            status = zeroTail
                ? _inflater.InflateWithZeroTail(input.Bytes, output, size + (long)random.Next(1 << 22), out _, out written, out _)
                : _inflater.Inflate(input.Bytes, output, out _, out written);
        }
        catch (HistogramFormatException e)
        {
            // The platform reads a stream cut short as if it ended there: it cannot judge an error at the stream's end.
            bool atTheEnd = e.ByteOffset >= input.Bytes.Length - 4;
            if (platformCompleted && !atTheEnd && platformLength <= size && HasChecksum(input.Bytes, platformLength) && !AcceptsWithTrailer(input.Bytes, platformLength))
            {
                throw new FuzzMismatchException("the inflater rejected a stream the platform inflates completely (" + platformLength + " bytes): " + e.Message);
            }

            return false;
        }

        if (written > size)
        {
            throw new FuzzMismatchException("the inflater reports " + written + " bytes written into " + size);
        }

        int common = Math.Min(written, platformLength);
        if (!output.Slice(0, common).SequenceEqual(_platform.AsSpan(0, common)))
        {
            throw new FuzzMismatchException("the inflater and the platform disagree within the first " + common + " bytes");
        }

        if (status == InflateStatus.Completed && !zeroTail && platformCompleted && platformLength != written)
        {
            throw new FuzzMismatchException("the inflater completed with " + written + " bytes, the platform with " + platformLength);
        }

        return status == InflateStatus.Completed;
    }

    // The platform does not report a checksum cut short (its last bytes may belong to the deflate data, after a
    // mutation): the stream counts as rejected for its deflate data only if no cut of its last 8 bytes, followed by the
    // platform output's checksum, is accepted.
    private bool AcceptsWithTrailer(byte[] bytes, int length)
    {
        var adler = bytes.AsSpan(bytes.Length - 4).ToArray();
        for (int cut = Math.Max(2, bytes.Length - 8); cut <= bytes.Length; cut++)
        {
            byte[] candidate = new byte[cut + 4];
            bytes.AsSpan(0, cut).CopyTo(candidate);
            adler.CopyTo(candidate, cut);
            try
            {
                if (_inflater.Inflate(candidate, _output.AsSpan(0, length), out _, out int written) == InflateStatus.Completed && written == length)
                {
                    return true;
                }
            }
            catch (HistogramFormatException)
            {
            }
        }

        return false;
    }

    // Whether the stream ends with the big-endian Adler-32 of what the platform inflated: a complete stream with its
    // checksum and nothing after it.
    private bool HasChecksum(byte[] bytes, int length)
    {
        if (bytes.Length < 6)
        {
            return false;
        }

        uint a = 1, b = 0;
        foreach (byte x in _platform.AsSpan(0, length))
        {
            a = (a + x) % 65521;
            b = (b + a) % 65521;
        }

        uint adler = (b << 16) | a;
        return System.Buffers.Binary.BinaryPrimitives.ReadUInt32BigEndian(bytes.AsSpan(bytes.Length - 4)) == adler;
    }

    private int PlatformInflate(byte[] bytes, out bool completed)
    {
        completed = false;
        int total = 0;
        try
        {
            using var zlib = new ZLibStream(new MemoryStream(bytes, writable: false), CompressionMode.Decompress);
            int n;
            while (total < _platform.Length && (n = zlib.Read(_platform, total, _platform.Length - total)) > 0)
            {
                total += n;
            }

            completed = total < _platform.Length;
        }
        catch (Exception e) when (e is InvalidDataException or IOException)
        {
            // InvalidDataException, or the platform's ZLibException for a stream its zlib rejects
        }

        return total;
    }
}
