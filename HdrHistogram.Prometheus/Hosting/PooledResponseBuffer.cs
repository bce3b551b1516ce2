using System;
using System.Buffers;

namespace HdrHistogram.Prometheus.Hosting;

/// <summary>
/// A response of one connection: room for the status line and headers, then the body written by a scrape, in one
/// array rented from <see cref="ArrayPool{T}.Shared"/> and kept while the connection lives, so that scrapes on a kept-alive
/// connection (Prometheus keeps its connection) reuse it. The headers are written last, right before the body, so
/// the whole response goes out in one send without a copy.
/// </summary>
internal sealed class PooledResponseBuffer : IBufferWriter<byte>, IDisposable
{
    /// <summary>Room reserved for the status line and headers before the body.</summary>
    public const int HeaderRoom = 256;

    private byte[] _array = ArrayPool<byte>.Shared.Rent(64 * 1024);
    private int _written = HeaderRoom;

    /// <summary>The body written so far.</summary>
    public ReadOnlySpan<byte> Body => _array.AsSpan(HeaderRoom, _written - HeaderRoom);

    /// <summary>Forgets the body.</summary>
    public void Reset() => _written = HeaderRoom;

    /// <inheritdoc />
    public void Advance(int count)
    {
        if (count < 0 || _written + count > _array.Length)
        {
            throw new ArgumentOutOfRangeException(nameof(count));
        }

        _written += count;
    }

    /// <inheritdoc />
    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _array.AsMemory(_written);
    }

    /// <inheritdoc />
    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _array.AsSpan(_written);
    }

    /// <summary>Places <paramref name="headers"/> right before the body and returns the whole response.</summary>
    /// <param name="headers">The status line and headers, with the blank line; at most <see cref="HeaderRoom"/> bytes.</param>
    public ReadOnlyMemory<byte> Response(ReadOnlySpan<byte> headers)
    {
        int start = HeaderRoom - headers.Length;
        headers.CopyTo(_array.AsSpan(start));
        return _array.AsMemory(start, _written - start);
    }

    /// <summary>Returns the array to the pool.</summary>
    public void Dispose()
    {
        var array = _array;
        _array = Array.Empty<byte>();
        if (array.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(array);
        }
    }

    private void Ensure(int sizeHint)
    {
        int needed = Math.Max(sizeHint, 1);
        if (_array.Length - _written >= needed)
        {
            return;
        }

        var grown = ArrayPool<byte>.Shared.Rent(Math.Max(_array.Length * 2, _written + needed));
        _array.AsSpan(0, _written).CopyTo(grown);
        ArrayPool<byte>.Shared.Return(_array);
        _array = grown;
    }
}
