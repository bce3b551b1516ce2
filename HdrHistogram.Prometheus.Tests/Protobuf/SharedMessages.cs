using System;
using System.Collections.Generic;
using Google.Protobuf;

namespace HdrHistogram.Prometheus.Tests.Protobuf;

/// <summary>
/// What the exposition's messages and remote write's share, read by the tests' own decoders: a label pair (name 1,
/// value 2), a BucketSpan message (offset 1 sint32, length 2 uint32) and native deltas (sint64, packed or not).
/// </summary>
public static class SharedMessages
{
    /// <summary>A label pair's name and value; any other field is refused.</summary>
    public static KeyValuePair<string, string> ReadLabel(ByteString bytes)
    {
        string name = "";
        string value = "";
        var input = bytes.CreateCodedInput();
        uint tag;
        while ((tag = input.ReadTag()) != 0)
        {
            switch (WireFormat.GetTagFieldNumber(tag))
            {
                case 1: name = input.ReadString(); break;
                case 2: value = input.ReadString(); break;
                default: throw new InvalidOperationException($"Label: unexpected field {WireFormat.GetTagFieldNumber(tag)}.");
            }
        }

        return new KeyValuePair<string, string>(name, value);
    }

    /// <summary>A BucketSpan's offset and length; any other field is refused.</summary>
    public static (int Offset, uint Length) ReadSpan(ByteString bytes)
    {
        int offset = 0;
        uint length = 0;
        var input = bytes.CreateCodedInput();
        uint tag;
        while ((tag = input.ReadTag()) != 0)
        {
            switch (WireFormat.GetTagFieldNumber(tag))
            {
                case 1: offset = input.ReadSInt32(); break;
                case 2: length = input.ReadUInt32(); break;
                default: throw new InvalidOperationException($"BucketSpan: unexpected field {WireFormat.GetTagFieldNumber(tag)}.");
            }
        }

        return (offset, length);
    }

    /// <summary>Adds the deltas of the field whose <paramref name="tag"/> was just read: a packed run, or one value.</summary>
    public static void ReadDeltas(CodedInputStream input, uint tag, List<long> deltas)
    {
        if (WireFormat.GetTagWireType(tag) == WireFormat.WireType.LengthDelimited)
        {
            var packed = input.ReadBytes().CreateCodedInput();
            while (!packed.IsAtEnd)
            {
                deltas.Add(packed.ReadSInt64());
            }
        }
        else
        {
            deltas.Add(input.ReadSInt64());
        }
    }
}
