namespace HdrHistogram.UnitTests.Infrastructure;

/// <summary>
/// The base of the test streams that hand out bytes the way a pipe or a file being written does: readable only,
/// forward only, with no length unless a subclass knows one; <see cref="Position"/> is how many bytes were read.
/// </summary>
internal abstract class ForwardOnlyReadStream : Stream
{
    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => ReadPosition;
        set => throw new NotSupportedException();
    }

    /// <summary>How many bytes <see cref="Stream.Read(byte[], int, int)"/> has handed out.</summary>
    protected int ReadPosition { get; set; }

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
