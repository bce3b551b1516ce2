using System;
using System.IO;

namespace HdrHistogram.Tool;

/// <summary>
/// A stream that can only be read forwards: the base of the tool's input wrappers, which differ only in how they read
/// and what they dispose.
/// </summary>
internal abstract class ForwardOnlyReadStream : Stream
{
    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => throw new NotSupportedException();
        set => throw new NotSupportedException();
    }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
