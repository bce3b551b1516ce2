using System.Runtime.InteropServices;

#pragma warning disable IDE0130 // Public since HdrHistogram 2.5.0: keeps its 2.5.0 namespace.
namespace HdrHistogram.Utilities;

/// <summary>
/// A byte buffer with a read/write position, modelled on Java's <c>java.nio.ByteBuffer</c> and source-compatible
/// with upstream HdrHistogram.NET. Multi-byte values are always big-endian (network order), whatever the host.
/// </summary>
/// <remarks>
/// <para>
/// <see cref="Allocate(int)"/> rents cleared storage from <see cref="ArrayPool{T}.Shared"/> and returns it on
/// <see cref="Dispose"/>; <see cref="Allocate(byte[])"/> and the <c>Wrap</c> methods use the caller's memory without
/// copying (upstream copied). Reads past <see cref="Capacity"/> and writes that do not fit throw
/// <see cref="InvalidOperationException"/> (Java's underflow/overflow); an index or position outside the buffer
/// <see cref="ArgumentOutOfRangeException"/>; use after <see cref="Dispose"/> of a rented buffer
/// <see cref="ObjectDisposedException"/>. The position is unchanged when an operation throws. Not thread-safe.
/// </para>
/// </remarks>
public sealed partial class ByteBuffer : IDisposable
{
    // Never replaced (not even by Dispose), and _end never exceeds its length: the invariant that lets the hot paths
    // read and write through DataAt without a second, array bounds check on .NET 8+.
    private readonly byte[] _array;

    // Absolute positions in _array, native-sized so that the hot paths index with them as they are (an int position
    // costs a zero-extension per access). A read or write of n bytes computes next = _cursor + n once, checks
    // next <= _end and stores it as the new cursor (it cannot overflow: _end is at most the array's length). Each is a
    // field of its own 8 bytes: a store to _cursor never delays the next call's load of _end.
    private nint _end;
    private nint _cursor;
    private int _offset;
    private int _capacity;
    private bool _rented;
    private bool _disposed;

    private ByteBuffer(byte[] array, int offset, int capacity, bool rented)
    {
        _array = array;
        _offset = offset;
        _capacity = capacity;
        _cursor = offset;
        _end = offset + capacity;
        _rented = rented;
    }

    /// <summary>Creates a buffer of <paramref name="bufferCapacity"/> zeroed bytes, rented from the shared array pool.</summary>
    /// <param name="bufferCapacity">The capacity in bytes; not negative.</param>
    /// <returns>The buffer, positioned at 0. Dispose it to return its storage to the pool.</returns>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="bufferCapacity"/> is negative.</exception>
    public static ByteBuffer Allocate(int bufferCapacity)
    {
        if (bufferCapacity < 0)
        {
            throw new ArgumentOutOfRangeException(nameof(bufferCapacity), bufferCapacity, "The capacity cannot be negative.");
        }

        byte[] array = ArrayPool<byte>.Shared.Rent(bufferCapacity);
        Array.Clear(array, 0, bufferCapacity);
        return new ByteBuffer(array, 0, bufferCapacity, rented: true);
    }

    /// <summary>
    /// Creates a buffer over <paramref name="source"/> without copying it (upstream copied): writes to the buffer
    /// change the array. The capacity is the array's length.
    /// </summary>
    /// <param name="source">The array to use as the buffer's storage.</param>
    /// <returns>The buffer, positioned at 0.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    public static ByteBuffer Allocate(byte[] source) => Wrap(source);

    /// <summary>Creates a buffer over <paramref name="array"/> without copying it (Java's <c>ByteBuffer.wrap</c>).</summary>
    /// <param name="array">The array to use as the buffer's storage.</param>
    /// <returns>The buffer, positioned at 0, with the array's length as capacity.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    public static ByteBuffer Wrap(byte[] array)
    {
        if (array is null)
        {
            throw new ArgumentNullException(nameof(array));
        }

        return new ByteBuffer(array, 0, array.Length, rented: false);
    }

    /// <summary>Creates a buffer over a part of <paramref name="array"/> without copying it.</summary>
    /// <param name="array">The array holding the buffer's storage.</param>
    /// <param name="offset">Where the buffer starts in the array; position 0 of the buffer.</param>
    /// <param name="length">The buffer's capacity.</param>
    /// <returns>The buffer, positioned at 0.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="array"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within the array.</exception>
    public static ByteBuffer Wrap(byte[] array, int offset, int length)
    {
        if (array is null)
        {
            throw new ArgumentNullException(nameof(array));
        }

        if ((uint)offset > (uint)array.Length || (uint)length > (uint)(array.Length - offset))
        {
            throw new ArgumentOutOfRangeException(nameof(length), "The range is not within the array.");
        }

        return new ByteBuffer(array, offset, length, rented: false);
    }

    /// <summary>Creates a buffer over array-backed <paramref name="memory"/> without copying it.</summary>
    /// <param name="memory">The memory to use as the buffer's storage; it must be backed by a managed array.</param>
    /// <returns>The buffer, positioned at 0, with the memory's length as capacity.</returns>
    /// <exception cref="ArgumentException"><paramref name="memory"/> is not backed by an array (e.g. native memory).</exception>
    public static ByteBuffer Wrap(Memory<byte> memory)
    {
        if (!MemoryMarshal.TryGetArray((ReadOnlyMemory<byte>)memory, out ArraySegment<byte> segment) || segment.Array is null)
        {
            throw new ArgumentException("A ByteBuffer can only wrap memory backed by a managed array.", nameof(memory));
        }

        return new ByteBuffer(segment.Array, segment.Offset, segment.Count, rented: false);
    }

    /// <summary>The offset of the next read or write from the start of the buffer.</summary>
    /// <exception cref="ArgumentOutOfRangeException">Set to a negative value or beyond <see cref="Capacity"/>.</exception>
    public int Position
    {
        get => (int)_cursor - _offset;
        set
        {
            if ((uint)value > (uint)_capacity)
            {
                throw new ArgumentOutOfRangeException(nameof(value), value, "The position must be between 0 and the capacity (" + _capacity.ToString(CultureInfo.InvariantCulture) + ").");
            }

            _cursor = _offset + value;
        }
    }

    /// <summary>The size of the buffer in bytes.</summary>
    /// <returns>The capacity.</returns>
    public int Capacity() => _capacity;

    /// <summary>The number of bytes between the position and the capacity.</summary>
    /// <returns>The remaining bytes.</returns>
    public int Remaining() => (int)(_end - _cursor);

    /// <summary>The buffer's storage from its start to its capacity (no copy).</summary>
    internal Span<byte> Span => new(_array, _offset, _capacity);

    /// <summary>The bytes from the position to the capacity (no copy).</summary>
    internal Span<byte> RemainingSpan => new(_array, (int)_cursor, (int)(_end - _cursor));

    /// <summary>
    /// Reads up to <paramref name="length"/> bytes from <paramref name="source"/> into the buffer at the position
    /// (a single <see cref="Stream.Read(byte[], int, int)"/> call, as upstream; the position is not moved).
    /// </summary>
    /// <param name="source">The stream to read from.</param>
    /// <param name="length">The most bytes to read; at most <see cref="Remaining"/>.</param>
    /// <returns>The number of bytes read (0 at the end of the stream).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="length"/> is negative or more than <see cref="Remaining"/>.</exception>
    public int ReadFrom(Stream source, int length)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        if ((uint)length > (uint)Remaining())
        {
            throw new ArgumentOutOfRangeException(nameof(length), length, "The length must be between 0 and the remaining capacity.");
        }

        return source.Read(_array, (int)_cursor, length);
    }

    /// <summary>Reads the byte at the position and advances by one.</summary>
    /// <returns>The byte.</returns>
    /// <exception cref="InvalidOperationException">No byte remains.</exception>
    public byte Get()
    {
        byte[] array = _array;
        nint cursor = _cursor;
        if (cursor >= _end)
        {
            throw Underflow(1);
        }

        byte value = DataAt(array, cursor);
        _cursor = cursor + 1;
        return value;
    }

    /// <summary>Reads a big-endian 16-bit integer at the position and advances by two.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidOperationException">Fewer than 2 bytes remain.</exception>
    public short GetShort() => GetBigEndian<short>();

    /// <summary>Reads a big-endian 32-bit integer at the position and advances by four.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidOperationException">Fewer than 4 bytes remain.</exception>
    public int GetInt() => GetBigEndian<int>();

    /// <summary>Reads a big-endian 64-bit integer at the position and advances by eight.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidOperationException">Fewer than 8 bytes remain.</exception>
    public long GetLong() => GetBigEndian<long>();

    /// <summary>Reads a big-endian IEEE 754 double at the position and advances by eight.</summary>
    /// <returns>The value.</returns>
    /// <exception cref="InvalidOperationException">Fewer than 8 bytes remain.</exception>
    public double GetDouble() => BitConverter.Int64BitsToDouble(GetLong());

    /// <summary>
    /// Reads <c>destination.Length</c> big-endian 64-bit integers at the position into <paramref name="destination"/>
    /// and advances past them: the result of as many <see cref="GetLong"/> calls, in one bounds check and one pass
    /// (Java's <c>asLongBuffer().get(long[])</c>).
    /// </summary>
    /// <param name="destination">Where to store the values; it must not overlap the buffer's storage.</param>
    /// <exception cref="InvalidOperationException">Fewer than <c>8 * destination.Length</c> bytes remain; nothing is read.</exception>
    public void GetLongs(Span<long> destination)
    {
        nint cursor = _cursor;
        long bytes = (long)destination.Length * sizeof(long);
        if (bytes > _end - cursor)
        {
            throw Underflow(bytes);
        }

        ReadOnlySpan<long> source = MemoryMarshal.Cast<byte, long>(new ReadOnlySpan<byte>(_array, (int)cursor, (int)bytes));
        CopyReversingIfLittleEndian(source, destination);
        _cursor = cursor + (nint)bytes;
    }

    /// <summary>Writes a byte at the position and advances by one.</summary>
    /// <param name="value">The byte.</param>
    /// <exception cref="InvalidOperationException">The buffer is full.</exception>
    public void Put(byte value)
    {
        byte[] array = _array;
        nint cursor = _cursor;
        if (cursor >= _end)
        {
            throw Overflow(1);
        }

        DataAt(array, cursor) = value;
        _cursor = cursor + 1;
    }

    /// <summary>Writes <paramref name="length"/> bytes of <paramref name="source"/> at the position and advances past them (Java's <c>put(byte[], int, int)</c>).</summary>
    /// <param name="source">The bytes to copy from.</param>
    /// <param name="offset">Where to start in <paramref name="source"/>.</param>
    /// <param name="length">How many bytes to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">The range is not within <paramref name="source"/>.</exception>
    /// <exception cref="InvalidOperationException">The bytes do not fit in the remaining space.</exception>
    public void Put(byte[] source, int offset, int length)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        if ((uint)offset > (uint)source.Length || (uint)length > (uint)(source.Length - offset))
        {
            throw new ArgumentOutOfRangeException(nameof(length), "The range is not within the source array.");
        }

        nint cursor = _cursor;
        if (length > _end - cursor)
        {
            throw Overflow(length);
        }

        Buffer.BlockCopy(source, offset, _array, (int)cursor, length);
        _cursor = cursor + length;
    }

    /// <summary>Writes a big-endian 16-bit integer at the position and advances by two.</summary>
    /// <param name="value">The value.</param>
    /// <exception cref="InvalidOperationException">Fewer than 2 bytes remain.</exception>
    public void PutShort(short value) => PutBigEndian(value);

    /// <summary>Writes a big-endian 32-bit integer at the position and advances by four.</summary>
    /// <param name="value">The value.</param>
    /// <exception cref="InvalidOperationException">Fewer than 4 bytes remain.</exception>
    public void PutInt(int value) => PutBigEndian(value);

    /// <summary>
    /// Writes a big-endian 32-bit integer at <paramref name="index"/> without moving the position, e.g. to fill in a
    /// length placeholder written earlier.
    /// </summary>
    /// <param name="index">The offset from the start of the buffer.</param>
    /// <param name="value">The value.</param>
    /// <exception cref="ArgumentOutOfRangeException">The 4 bytes at <paramref name="index"/> are not within the buffer.</exception>
    public void PutInt(int index, int value)
    {
        if (index < 0 || index > _capacity - sizeof(int))
        {
            ThrowDisposedIfNeeded();
            throw new ArgumentOutOfRangeException(nameof(index), index, "The index must leave room for 4 bytes within the capacity (" + _capacity.ToString(CultureInfo.InvariantCulture) + ").");
        }

        WriteBigEndian(_array, _offset + index, value);
    }

    /// <summary>Writes a big-endian 64-bit integer at the position and advances by eight.</summary>
    /// <param name="value">The value.</param>
    /// <exception cref="InvalidOperationException">Fewer than 8 bytes remain.</exception>
    public void PutLong(long value) => PutBigEndian(value);

    /// <summary>Writes a big-endian IEEE 754 double at the position and advances by eight.</summary>
    /// <param name="value">The value.</param>
    /// <exception cref="InvalidOperationException">Fewer than 8 bytes remain.</exception>
    public void PutDouble(double value) => PutLong(BitConverter.DoubleToInt64Bits(value));

    /// <summary>
    /// Writes the values of <paramref name="source"/> as big-endian 64-bit integers at the position and advances past
    /// them: the result of as many <see cref="PutLong(long)"/> calls, in one bounds check and one pass (Java's
    /// <c>asLongBuffer().put(long[])</c>).
    /// </summary>
    /// <param name="source">The values; it must not overlap the buffer's storage.</param>
    /// <exception cref="InvalidOperationException">Fewer than <c>8 * source.Length</c> bytes remain; nothing is written.</exception>
    public void PutLongs(ReadOnlySpan<long> source)
    {
        nint cursor = _cursor;
        long bytes = (long)source.Length * sizeof(long);
        if (bytes > _end - cursor)
        {
            throw Overflow(bytes);
        }

        Span<long> destination = MemoryMarshal.Cast<byte, long>(new Span<byte>(_array, (int)cursor, (int)bytes));
        CopyReversingIfLittleEndian(source, destination);
        _cursor = cursor + (nint)bytes;
    }

    /// <summary>
    /// Copies <paramref name="count"/> bytes of <paramref name="source"/> into the buffer at <paramref name="destinationOffset"/>
    /// (an offset from the start of the buffer) and advances the position by <paramref name="count"/>, as upstream's
    /// internal <c>BlockCopy</c> did.
    /// </summary>
    /// <param name="source">The bytes to copy from.</param>
    /// <param name="sourceOffset">Where to start in <paramref name="source"/>.</param>
    /// <param name="destinationOffset">Where to write in the buffer.</param>
    /// <param name="count">How many bytes to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="source"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A range is outside its array or buffer, or the position would pass the capacity.</exception>
    public void BlockCopy(byte[] source, int sourceOffset, int destinationOffset, int count)
    {
        if (source is null)
        {
            throw new ArgumentNullException(nameof(source));
        }

        if ((uint)sourceOffset > (uint)source.Length || (uint)count > (uint)(source.Length - sourceOffset))
        {
            throw new ArgumentOutOfRangeException(nameof(count), "The range is not within the source array.");
        }

        if ((uint)destinationOffset > (uint)_capacity || count > _capacity - destinationOffset || count > _end - _cursor)
        {
            ThrowDisposedIfNeeded();
            throw new ArgumentOutOfRangeException(nameof(destinationOffset), "The range is not within the buffer, or the position would pass its capacity.");
        }

        Buffer.BlockCopy(source, sourceOffset, _array, _offset + destinationOffset, count);
        _cursor += count;
    }

    /// <summary>
    /// Copies <paramref name="count"/> bytes of the buffer, from <paramref name="sourceOffset"/> (an offset from the
    /// start of the buffer), into <paramref name="target"/>; the position is not moved.
    /// </summary>
    /// <param name="target">The array to copy into.</param>
    /// <param name="targetOffset">Where to write in <paramref name="target"/>.</param>
    /// <param name="sourceOffset">Where to read in the buffer.</param>
    /// <param name="count">How many bytes to copy.</param>
    /// <exception cref="ArgumentNullException"><paramref name="target"/> is null.</exception>
    /// <exception cref="ArgumentOutOfRangeException">A range is outside its array or buffer.</exception>
    public void BlockGet(byte[] target, int targetOffset, int sourceOffset, int count)
    {
        if (target is null)
        {
            throw new ArgumentNullException(nameof(target));
        }

        if ((uint)targetOffset > (uint)target.Length || (uint)count > (uint)(target.Length - targetOffset))
        {
            throw new ArgumentOutOfRangeException(nameof(count), "The range is not within the target array.");
        }

        if ((uint)sourceOffset > (uint)_capacity || count > _capacity - sourceOffset)
        {
            ThrowDisposedIfNeeded();
            throw new ArgumentOutOfRangeException(nameof(sourceOffset), "The range is not within the buffer.");
        }

        Buffer.BlockCopy(_array, _offset + sourceOffset, target, targetOffset, count);
    }

    /// <summary>Copies the written part of the buffer: the bytes from its start up to the position.</summary>
    /// <returns>A new array of <see cref="Position"/> bytes.</returns>
    /// <exception cref="ObjectDisposedException">The rented buffer was disposed.</exception>
    public byte[] ToArray()
    {
        ThrowDisposedIfNeeded();
        return new ReadOnlySpan<byte>(_array, _offset, Position).ToArray();
    }

    /// <summary>Returns rented storage to the pool; a wrapped array is left alone. The buffer is unusable afterwards.</summary>
    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        byte[] array = _array;
        bool rented = _rented;
        _offset = 0;
        _capacity = 0;
        _cursor = 0;
        _end = 0;
        _rented = false;
        if (rented)
        {
            ArrayPool<byte>.Shared.Return(array);
        }
    }

    /// <summary>Moves the position forward by <paramref name="count"/> after bytes were written through <see cref="RemainingSpan"/>.</summary>
    internal void Advance(int count)
    {
        if ((uint)count > (uint)Remaining())
        {
            throw Overflow(count);
        }

        _cursor += count;
    }

    /// <summary>Reads a big-endian <typeparamref name="T"/> (short, int or long) at the position and advances past it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private T GetBigEndian<T>()
        where T : unmanaged
    {
        byte[] array = _array;
        nint cursor = _cursor;
        nint next = cursor + Unsafe.SizeOf<T>();
        if (next > _end)
        {
            throw Underflow(Unsafe.SizeOf<T>());
        }

        T value = ReadBigEndian<T>(array, cursor);
        _cursor = next;
        return value;
    }

    /// <summary>Writes a big-endian <typeparamref name="T"/> (short, int or long) at the position and advances past it.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void PutBigEndian<T>(T value)
        where T : unmanaged
    {
        byte[] array = _array;
        nint cursor = _cursor;
        nint next = cursor + Unsafe.SizeOf<T>();
        if (next > _end)
        {
            throw Overflow(Unsafe.SizeOf<T>());
        }

        WriteBigEndian(array, cursor, value);
        _cursor = next;
    }

    /// <summary>
    /// Reads a big-endian value at absolute index <paramref name="position"/> of <paramref name="array"/>; the caller
    /// has checked that it ends at or before <c>_end</c> (so within the array). An unaligned load and a byte swap, with
    /// no span sliced per call. Callers read <c>_array</c> into a local before their check: the JIT then hoists the
    /// array load out of a caller's loop, where reading the field after the check keeps it in the loop (what that is
    /// worth per value: docs/performance.md, <c>ByteBuffer</c>).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T ReadBigEndian<T>(byte[] array, nint position)
        where T : unmanaged
    {
        T value = Unsafe.ReadUnaligned<T>(ref DataAt(array, position));
        return BitConverter.IsLittleEndian ? ReverseEndianness(value) : value;
    }

    /// <summary>Writes a big-endian value at a position the caller has checked (see <see cref="ReadBigEndian{T}"/>).</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void WriteBigEndian<T>(byte[] array, nint position, T value)
        where T : unmanaged
    {
        Unsafe.WriteUnaligned(ref DataAt(array, position), BitConverter.IsLittleEndian ? ReverseEndianness(value) : value);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static T ReverseEndianness<T>(T value)
        where T : unmanaged
    {
        if (typeof(T) == typeof(long))
        {
            long reversed = BinaryPrimitives.ReverseEndianness(Unsafe.As<T, long>(ref value));
            return Unsafe.As<long, T>(ref reversed);
        }

        if (typeof(T) == typeof(int))
        {
            int reversed = BinaryPrimitives.ReverseEndianness(Unsafe.As<T, int>(ref value));
            return Unsafe.As<int, T>(ref reversed);
        }

        short reversedShort = BinaryPrimitives.ReverseEndianness(Unsafe.As<T, short>(ref value));
        return Unsafe.As<short, T>(ref reversedShort);
    }

    private void ThrowDisposedIfNeeded()
    {
        if (_disposed)
        {
            throw new ObjectDisposedException(nameof(ByteBuffer));
        }
    }

    /// <summary>
    /// The error for a read past the end (or of a disposed buffer). Returned, not thrown, so that call sites end in
    /// <c>throw</c>: the JIT then knows the path does not return and keeps the fast path's field loads out of loops.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal Exception Underflow(long needed)
        => _disposed
            ? new ObjectDisposedException(nameof(ByteBuffer))
            : new InvalidOperationException(
                "Buffer underflow: " + needed.ToString(CultureInfo.InvariantCulture) + " byte(s) needed at position "
                + Position.ToString(CultureInfo.InvariantCulture) + ", " + Remaining().ToString(CultureInfo.InvariantCulture) + " remaining.");

    /// <summary>The error for a write past the end (or to a disposed buffer); see <see cref="Underflow"/>.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    internal Exception Overflow(long needed)
        => _disposed
            ? new ObjectDisposedException(nameof(ByteBuffer))
            : new InvalidOperationException(
                "Buffer overflow: " + needed.ToString(CultureInfo.InvariantCulture) + " byte(s) to write at position "
                + Position.ToString(CultureInfo.InvariantCulture) + ", " + Remaining().ToString(CultureInfo.InvariantCulture) + " remaining.");
}
