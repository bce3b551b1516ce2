using System.Buffers;
using System.Buffers.Binary;
using HdrHistogram.Utilities;

namespace HdrHistogram.UnitTests.Upstream250;

public class ByteBufferTests
{
    [Fact]
    public void Multi_byte_values_are_big_endian_on_every_host()
    {
        using var buffer = ByteBuffer.Allocate(32);
        buffer.PutInt(0x01020304);
        buffer.PutLong(0x05060708090a0b0cL);
        buffer.PutShort(0x0d0e);
        buffer.PutDouble(1.0);
        buffer.Put(0xff);
        buffer.Position.Should().Be(23);
        buffer.ToArray().Should().Equal(
            0x01, 0x02, 0x03, 0x04,
            0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c,
            0x0d, 0x0e,
            0x3f, 0xf0, 0, 0, 0, 0, 0, 0,
            0xff);

        buffer.Position = 0;
        buffer.GetInt().Should().Be(0x01020304);
        buffer.GetLong().Should().Be(0x05060708090a0b0cL);
        buffer.GetShort().Should().Be(0x0d0e);
        buffer.GetDouble().Should().Be(1.0);
        buffer.Get().Should().Be(0xff);
        buffer.Remaining().Should().Be(32 - 23);
    }

    [Fact]
    public void Values_round_trip_at_every_alignment()
    {
        var random = new Random(42);
        var array = new byte[64];
        for (int offset = 0; offset < 16; offset++)
        {
            long l = random.NextInt64(long.MinValue, long.MaxValue);
            int i = random.Next(int.MinValue, int.MaxValue);
            double d = random.NextDouble() * 1e300;
            var buffer = ByteBuffer.Wrap(array);
            buffer.Position = offset;
            buffer.PutLong(l);
            buffer.PutInt(i);
            buffer.PutDouble(d);
            buffer.PutShort(short.MinValue);
            BinaryPrimitives.ReadInt64BigEndian(array.AsSpan(offset)).Should().Be(l);
            buffer.Position = offset;
            buffer.GetLong().Should().Be(l);
            buffer.GetInt().Should().Be(i);
            buffer.GetDouble().Should().Be(d);
            buffer.GetShort().Should().Be(short.MinValue);
        }

        using var nan = ByteBuffer.Allocate(8);
        nan.PutDouble(double.NaN);
        nan.Position = 0;
        double.IsNaN(nan.GetDouble()).Should().BeTrue();
    }

    [Fact]
    public void Wrapping_uses_the_callers_memory_without_copying()
    {
        var array = new byte[8];
        var buffer = ByteBuffer.Allocate(array);
        buffer.PutInt(-1);
        array[0].Should().Be(0xff, "Allocate(byte[]) wraps the array (upstream copied it)");
        buffer.Capacity().Should().Be(8);

        var part = ByteBuffer.Wrap(array, 2, 4);
        part.Capacity().Should().Be(4);
        part.PutShort(0x1234);
        array[2].Should().Be(0x12);

        var memory = new byte[10].AsMemory(3, 5);
        var fromMemory = ByteBuffer.Wrap(memory);
        fromMemory.Put(7);
        memory.Span[0].Should().Be(7);
        fromMemory.Capacity().Should().Be(5);

        var native = () => ByteBuffer.Wrap(new NonArrayMemory(4).Memory);
        native.Should().Throw<ArgumentException>();

        var nullArray = () => ByteBuffer.Wrap((byte[])null!);
        nullArray.Should().Throw<ArgumentNullException>();
        var badRange = () => ByteBuffer.Wrap(array, 6, 4);
        badRange.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Allocate_rents_a_zeroed_buffer_of_exactly_the_requested_capacity()
    {
        // Dirty a pooled array first, so a rented one could carry garbage.
        byte[] dirty = ArrayPool<byte>.Shared.Rent(100);
        dirty.AsSpan().Fill(0xAB);
        ArrayPool<byte>.Shared.Return(dirty);

        using var buffer = ByteBuffer.Allocate(100);
        buffer.Capacity().Should().Be(100);
        for (int i = 0; i < 100; i++)
        {
            buffer.Get().Should().Be(0);
        }

        var act = () => buffer.Get();
        act.Should().Throw<InvalidOperationException>("the capacity is what was asked for, not the pooled array's length");

        var negative = () => ByteBuffer.Allocate(-1);
        negative.Should().Throw<ArgumentOutOfRangeException>();
        ByteBuffer.Allocate(0).Capacity().Should().Be(0);
    }

    [Fact]
    public void Out_of_range_access_throws_documented_exceptions_and_leaves_the_position()
    {
        using var buffer = ByteBuffer.Allocate(6);
        buffer.Position = 3;
        foreach (Action read in new Action[] { () => buffer.GetInt(), () => buffer.GetLong(), () => buffer.GetDouble() })
        {
            read.Should().Throw<InvalidOperationException>().WithMessage("*underflow*");
            buffer.Position.Should().Be(3);
        }

        foreach (Action write in new Action[] { () => buffer.PutInt(1), () => buffer.PutLong(1), () => buffer.PutDouble(1), () => buffer.Put(new byte[4], 0, 4) })
        {
            write.Should().Throw<InvalidOperationException>().WithMessage("*overflow*");
            buffer.Position.Should().Be(3);
        }

        buffer.GetShort();
        buffer.Get();
        var get = () => buffer.Get();
        get.Should().Throw<InvalidOperationException>();
        var put = () => buffer.Put(1);
        put.Should().Throw<InvalidOperationException>();

        var putAt = () => buffer.PutInt(3, 1);
        putAt.Should().Throw<ArgumentOutOfRangeException>();
        var putAtNegative = () => buffer.PutInt(-1, 1);
        putAtNegative.Should().Throw<ArgumentOutOfRangeException>();
        var position = () => buffer.Position = 7;
        position.Should().Throw<ArgumentOutOfRangeException>();
        var negativePosition = () => buffer.Position = -1;
        negativePosition.Should().Throw<ArgumentOutOfRangeException>();
        var badSource = () => buffer.Put(new byte[2], 1, 2);
        badSource.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Theory]
    [InlineData(2)]
    [InlineData(4)]
    [InlineData(8)]
    public void A_value_may_end_exactly_at_the_capacity_but_not_one_byte_past_it(int width)
    {
        // Allocate rents a larger array: the bytes past the capacity exist, so only the capacity check stops the access.
        using var buffer = ByteBuffer.Allocate(16);
        Action write = width switch { 2 => () => buffer.PutShort(0x0102), 4 => () => buffer.PutInt(0x01020304), _ => () => buffer.PutLong(0x0102030405060708) };
        Func<long> read = width switch { 2 => () => buffer.GetShort(), 4 => () => buffer.GetInt(), _ => () => buffer.GetLong() };
        long expected = width switch { 2 => 0x0102, 4 => 0x01020304, _ => 0x0102030405060708 };

        buffer.Position = 16 - width;
        write();
        buffer.Position.Should().Be(16);
        buffer.Position = 16 - width;
        read().Should().Be(expected);
        buffer.Position.Should().Be(16);

        buffer.Position = 16 - width + 1;
        write.Should().Throw<InvalidOperationException>().WithMessage("*overflow*");
        buffer.Position.Should().Be(16 - width + 1);
        ((Action)(() => read())).Should().Throw<InvalidOperationException>().WithMessage("*underflow*");
        buffer.Position.Should().Be(16 - width + 1);
    }

    [Fact]
    public void PutInt_at_an_index_fills_a_placeholder_without_moving()
    {
        using var buffer = ByteBuffer.Allocate(12);
        buffer.PutInt(0);
        buffer.PutLong(42);
        buffer.PutInt(0, 12);
        buffer.Position.Should().Be(12);
        buffer.Position = 0;
        buffer.GetInt().Should().Be(12);
    }

    [Fact]
    public void ToArray_copies_only_the_written_part()
    {
        using var buffer = ByteBuffer.Allocate(1000);
        buffer.PutInt(7);
        buffer.ToArray().Should().Equal(0, 0, 0, 7);
    }

    [Fact]
    public void BlockCopy_BlockGet_and_ReadFrom_behave_as_upstream()
    {
        using var buffer = ByteBuffer.Allocate(10);
        buffer.BlockCopy(new byte[] { 1, 2, 3, 4 }, 1, 5, 3);
        buffer.Position.Should().Be(3, "upstream advanced the position by the count");
        var target = new byte[5];
        buffer.BlockGet(target, 1, 5, 3);
        target.Should().Equal(0, 2, 3, 4, 0);

        var bad = () => buffer.BlockCopy(new byte[4], 0, 8, 4);
        bad.Should().Throw<ArgumentOutOfRangeException>();
        var badGet = () => buffer.BlockGet(new byte[4], 0, 8, 4);
        badGet.Should().Throw<ArgumentOutOfRangeException>();

        buffer.Position = 0;
        buffer.ReadFrom(new MemoryStream(new byte[] { 9, 8, 7 }), 3).Should().Be(3);
        buffer.Get().Should().Be(9);
        var tooMuch = () => buffer.ReadFrom(new MemoryStream(), 11);
        tooMuch.Should().Throw<ArgumentOutOfRangeException>();
    }

    [Fact]
    public void Dispose_returns_rented_storage_and_makes_the_buffer_unusable()
    {
        var buffer = ByteBuffer.Allocate(16);
        buffer.PutLong(1);
        buffer.Dispose();
        buffer.Dispose();
        var get = () => buffer.GetLong();
        get.Should().Throw<ObjectDisposedException>();
        var put = () => buffer.PutInt(1);
        put.Should().Throw<ObjectDisposedException>();
        var toArray = () => buffer.ToArray();
        toArray.Should().Throw<ObjectDisposedException>();
        var putAt = () => buffer.PutInt(0, 1);
        putAt.Should().Throw<ObjectDisposedException>();

        var array = new byte[4];
        var wrapped = ByteBuffer.Wrap(array);
        wrapped.Dispose();
        array.Length.Should().Be(4, "a wrapped array is not the buffer's to return");
    }

    [Fact]
    public void Reading_longs_allocates_nothing()
    {
        using var buffer = ByteBuffer.Allocate(8 * 128);
        for (int i = 0; i < 128; i++)
        {
            buffer.PutLong(i);
        }

        buffer.Position = 0;
        buffer.GetLong();
        buffer.Position = 0;
        long before = GC.GetAllocatedBytesForCurrentThread();
        long sum = 0;
        for (int i = 0; i < 128; i++)
        {
            sum += buffer.GetLong();
        }

        GC.GetAllocatedBytesForCurrentThread().Should().Be(before);
        sum.Should().Be(127 * 128 / 2);
    }

    [Fact]
    public void Bulk_longs_write_and_read_the_same_bytes_as_one_call_per_value()
    {
        long[] values = { 0x0102030405060708L, -1L, 0, long.MinValue, long.MaxValue, 0x7f };
        var expected = new byte[3 + (8 * values.Length)];
        using (var single = ByteBuffer.Wrap(expected))
        {
            single.Position = 3;
            foreach (long value in values)
            {
                single.PutLong(value);
            }
        }

        // At an odd offset of a wrapped range, so that the bulk paths read and write unaligned.
        var storage = new byte[1 + expected.Length];
        var buffer = ByteBuffer.Wrap(storage, 1, expected.Length);
        buffer.Position = 3;
        buffer.PutLongs(values);
        buffer.Position.Should().Be(expected.Length);
        storage.AsSpan(1).ToArray().Should().Equal(expected);
        storage[0].Should().Be(0, "nothing is written before the buffer's range");

        buffer.Position = 3;
        var read = new long[values.Length];
        buffer.GetLongs(read);
        read.Should().Equal(values);
        buffer.Position.Should().Be(expected.Length);

        buffer.Position = 3;
        buffer.GetLongs(Span<long>.Empty);
        buffer.PutLongs(ReadOnlySpan<long>.Empty);
        buffer.Position.Should().Be(3);
    }

    [Fact]
    public void Bulk_longs_that_do_not_fit_throw_as_single_values_do_and_change_nothing()
    {
        var storage = new byte[20];
        var buffer = ByteBuffer.Wrap(storage);
        buffer.Position = 5;
        var read = new long[2];
        var get = () => buffer.GetLongs(read);
        get.Should().Throw<InvalidOperationException>().WithMessage("*underflow*16 byte(s) needed at position 5, 15 remaining*");
        read.Should().Equal(0L, 0L);
        buffer.Position.Should().Be(5);

        var put = () => buffer.PutLongs(new long[] { -1, -1 });
        put.Should().Throw<InvalidOperationException>().WithMessage("*overflow*16 byte(s) to write at position 5, 15 remaining*");
        storage.Should().OnlyContain(b => b == 0);
        buffer.Position.Should().Be(5);

        using var rented = ByteBuffer.Allocate(16);
        rented.Dispose();
        var afterDispose = () => rented.GetLongs(read);
        afterDispose.Should().Throw<ObjectDisposedException>();
        var putAfterDispose = () => rented.PutLongs(read);
        putAfterDispose.Should().Throw<ObjectDisposedException>();
    }

    [Fact]
    public void Bulk_longs_allocate_nothing()
    {
        using var buffer = ByteBuffer.Allocate(8 * 128);
        var values = new long[128];
        for (int i = 0; i < values.Length; i++)
        {
            values[i] = i;
        }

        buffer.PutLongs(values);
        buffer.Position = 0;
        buffer.GetLongs(values);
        long before = GC.GetAllocatedBytesForCurrentThread();
        buffer.Position = 0;
        buffer.PutLongs(values);
        buffer.Position = 0;
        buffer.GetLongs(values);
        GC.GetAllocatedBytesForCurrentThread().Should().Be(before);
        values[127].Should().Be(127);
    }

    private sealed class NonArrayMemory : MemoryManager<byte>
    {
        private readonly byte[] _bytes;

        public NonArrayMemory(int length)
        {
            _bytes = new byte[length];
        }

        public override Span<byte> GetSpan() => _bytes;

        public override MemoryHandle Pin(int elementIndex = 0) => throw new NotSupportedException();

        public override void Unpin()
        {
        }

        protected override void Dispose(bool disposing)
        {
        }

        protected override bool TryGetArray(out ArraySegment<byte> segment)
        {
            segment = default;
            return false;
        }
    }
}
