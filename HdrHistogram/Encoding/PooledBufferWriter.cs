namespace HdrHistogram.Encoding;

/// <summary>
/// An <see cref="IBufferWriter{T}"/> of bytes backed by arrays rented from <see cref="ArrayPool{T}.Shared"/>:
/// it grows by renting a larger array and copying, and <see cref="Dispose"/> returns the array. Reuse one
/// instance across operations with <see cref="Clear"/> to avoid renting again. Not thread-safe.
/// </summary>
internal sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    // Largest array the runtime allows (Array.MaxLength on .NET 6+).
    private const int MaxArrayLength = 0x7FFFFFC7;
    private const int MinimumGrowth = 256;

    private byte[] _buffer;
    private int _written;
    private bool _disposed;

    /// <summary>Creates a writer; the first array is rented when the first span is requested.</summary>
    public PooledBufferWriter()
    {
        _buffer = Array.Empty<byte>();
    }

    /// <summary>Creates a writer with at least <paramref name="initialCapacity"/> bytes rented up front.</summary>
    /// <param name="initialCapacity">Bytes to rent now; 0 rents nothing until needed.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="initialCapacity"/> is negative.</exception>
    public PooledBufferWriter(int initialCapacity)
    {
        if (initialCapacity < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(initialCapacity), initialCapacity, "The capacity must not be negative.");
        }

        _buffer = initialCapacity == 0 ? Array.Empty<byte>() : ArrayPool<byte>.Shared.Rent(initialCapacity);
    }

    /// <summary>The bytes written since creation or the last <see cref="Clear"/>.</summary>
    public ReadOnlySpan<byte> WrittenSpan
    {
        get
        {
            ThrowIfDisposed();
            return new ReadOnlySpan<byte>(_buffer, 0, _written);
        }
    }

    /// <summary>The bytes written since creation or the last <see cref="Clear"/>, valid until the writer grows, is cleared or disposed.</summary>
    public ReadOnlyMemory<byte> WrittenMemory
    {
        get
        {
            ThrowIfDisposed();
            return new ReadOnlyMemory<byte>(_buffer, 0, _written);
        }
    }

    /// <summary>Number of bytes written.</summary>
    public int WrittenCount => _written;

    /// <summary>Size of the current array.</summary>
    public int Capacity => _buffer.Length;

    /// <summary>Bytes that can be written before the writer must grow.</summary>
    public int FreeCapacity => _buffer.Length - _written;

    /// <summary>Forgets the written bytes (without zeroing them) and keeps the array for reuse.</summary>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void Clear()
    {
        ThrowIfDisposed();
        _written = 0;
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="count"/> is negative.</exception>
    /// <exception cref="InvalidOperationException">Advancing would go past the end of the span last handed out.</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public void Advance(int count)
    {
        ThrowIfDisposed();
        if (count < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(count), count, "The count must not be negative.");
        }

        if (count > _buffer.Length - _written)
        {
            throw new InvalidOperationException("Cannot advance past the end of the buffer (" + FreeCapacity.ToString(System.Globalization.CultureInfo.InvariantCulture) + " bytes free).");
        }

        _written += count;
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="InvalidOperationException">The buffer would have to grow beyond the largest array.</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        EnsureFree(sizeHint);
        return new Memory<byte>(_buffer, _written, _buffer.Length - _written);
    }

    /// <inheritdoc />
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sizeHint"/> is negative.</exception>
    /// <exception cref="InvalidOperationException">The buffer would have to grow beyond the largest array.</exception>
    /// <exception cref="ObjectDisposedException">The writer was disposed.</exception>
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        EnsureFree(sizeHint);
        return new Span<byte>(_buffer, _written, _buffer.Length - _written);
    }

    /// <summary>Returns the array to the pool. The writer cannot be used afterwards; further calls to Dispose do nothing.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        byte[] buffer = _buffer;
        _buffer = Array.Empty<byte>();
        _written = 0;
        if (buffer.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    // Makes at least max(sizeHint, 1) bytes free, as IBufferWriter<T> requires (a hint of 0 asks for some space).
    private void EnsureFree(int sizeHint)
    {
        ThrowIfDisposed();
        if (sizeHint < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(sizeHint), sizeHint, "The size hint must not be negative.");
        }

        if (sizeHint == 0)
        {
            sizeHint = 1;
        }

        if (sizeHint <= _buffer.Length - _written)
        {
            return;
        }

        long required = (long)_written + sizeHint;
        if (required > MaxArrayLength)
        {
            throw new InvalidOperationException("The buffer cannot grow beyond " + MaxArrayLength.ToString(System.Globalization.CultureInfo.InvariantCulture) + " bytes.");
        }

        // Double (at least), but never past the largest array and never below what is required.
        long doubled = Math.Max((long)_buffer.Length * 2, MinimumGrowth);
        int newSize = (int)Math.Min(Math.Max(doubled, required), MaxArrayLength);
        byte[] grown = ArrayPool<byte>.Shared.Rent(newSize);
        Buffer.BlockCopy(_buffer, 0, grown, 0, _written);
        byte[] old = _buffer;
        _buffer = grown;
        if (old.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(old);
        }
    }

    private void ThrowIfDisposed()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(PooledBufferWriter));
        }
    }
}
