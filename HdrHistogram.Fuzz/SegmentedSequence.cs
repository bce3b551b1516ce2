using System;
using System.Buffers;

namespace HdrHistogram.Fuzz;

/// <summary>Builds a multi-segment <see cref="ReadOnlySequence{T}"/> over bytes, cut at random places.</summary>
internal sealed class SegmentedSequence : ReadOnlySequenceSegment<byte>
{
    private SegmentedSequence(ReadOnlyMemory<byte> memory, long runningIndex)
    {
        Memory = memory;
        RunningIndex = runningIndex;
    }

    /// <summary>The bytes as 1 to 8 segments (some of them empty), or one byte per segment.</summary>
    public static ReadOnlySequence<byte> Create(byte[] bytes, Random random)
    {
        bool byteBySegment = random.Next(8) == 0 && bytes.Length <= 4096;
        int cuts = byteBySegment ? Math.Max(0, bytes.Length - 1) : random.Next(8);
        var points = new int[cuts + 2];
        points[^1] = bytes.Length;
        for (int i = 1; i <= cuts; i++)
        {
            points[i] = byteBySegment ? i : random.Next(bytes.Length + 1);
        }

        Array.Sort(points);
        var first = new SegmentedSequence(bytes.AsMemory(points[0], points[1] - points[0]), 0);
        var last = first;
        for (int i = 1; i < points.Length - 1; i++)
        {
            var next = new SegmentedSequence(bytes.AsMemory(points[i], points[i + 1] - points[i]), points[i]);
            last.Next = next;
            last = next;
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }
}
