using System;
using System.Collections.Generic;
using Google.Protobuf;

namespace HdrHistogram.Prometheus.Tests.Protobuf;

/// <summary>
/// What the exposition's messages and remote write's share, read by the tests' own decoders: the loop over a message's
/// fields, a label pair (name 1, value 2), a BucketSpan message (offset 1 sint32, length 2 uint32) and native deltas
/// (sint64, packed or not).
/// </summary>
public static class SharedMessages
{
    /// <summary>
    /// Reads the fields of the message <paramref name="bytes"/> in order; a field <paramref name="readField"/> does not
    /// know is skipped, as protobuf requires of readers (the exposition's readers).
    /// </summary>
    /// <param name="bytes">The message.</param>
    /// <param name="readField">
    /// Given the stream after a field's tag, the field's number and the tag (whose wire type tells a packed field): reads
    /// the field and returns true, or returns false for a field the message does not have.
    /// </param>
    public static void ReadFields(ByteString bytes, Func<CodedInputStream, int, uint, bool> readField) => Read(bytes, null, readField);

    /// <summary>
    /// Reads the fields of the message <paramref name="bytes"/> in order; a field <paramref name="readField"/> does not
    /// know fails the read, naming <paramref name="message"/> (remote write's readers, and the messages both share: a
    /// field the writer has no business writing is an error, not something to skip).
    /// </summary>
    /// <param name="bytes">The message.</param>
    /// <param name="message">The message's name, for the error.</param>
    /// <param name="readField">
    /// Given the stream after a field's tag, the field's number and the tag (whose wire type tells a packed field): reads
    /// the field and returns true, or returns false for a field the message does not have.
    /// </param>
    public static void ReadKnownFields(ByteString bytes, string message, Func<CodedInputStream, int, uint, bool> readField) => Read(bytes, message, readField);

    /// <summary>A label pair's name and value; any other field is refused.</summary>
    public static KeyValuePair<string, string> ReadLabel(ByteString bytes)
    {
        string name = "";
        string value = "";
        ReadKnownFields(bytes, "Label", (input, field, _) =>
        {
            switch (field)
            {
                case 1: name = input.ReadString(); return true;
                case 2: value = input.ReadString(); return true;
                default: return false;
            }
        });

        return new KeyValuePair<string, string>(name, value);
    }

    /// <summary>A BucketSpan's offset and length; any other field is refused.</summary>
    public static (int Offset, uint Length) ReadSpan(ByteString bytes)
    {
        int offset = 0;
        uint length = 0;
        ReadKnownFields(bytes, "BucketSpan", (input, field, _) =>
        {
            switch (field)
            {
                case 1: offset = input.ReadSInt32(); return true;
                case 2: length = input.ReadUInt32(); return true;
                default: return false;
            }
        });

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

    private static void Read(ByteString bytes, string? refusedIn, Func<CodedInputStream, int, uint, bool> readField)
    {
        var input = bytes.CreateCodedInput();
        uint tag;
        while ((tag = input.ReadTag()) != 0)
        {
            int field = WireFormat.GetTagFieldNumber(tag);
            if (readField(input, field, tag))
            {
                continue;
            }

            if (refusedIn is not null)
            {
                throw new InvalidOperationException($"{refusedIn}: unexpected field {field}.");
            }

            input.SkipLastField();
        }
    }
}
