using System.Diagnostics;
using System.Threading;
using System.Threading.Tasks;

namespace HdrHistogram.UnitTests.Logging;

/// <summary>
/// A reader following a log file while another thread appends to it never fails and never returns a half-written
/// interval: a partial last line ends each read, and is returned once the writer has finished it. The writer's stream
/// here splits every line into several writes, flushed separately, so that the reader does see partial lines.
/// </summary>
public class LogConcurrentAppendTests
{
    private const int Intervals = 600;

    [Trait("Category", "Heavy")]
    [Theory]
    [InlineData(11)]
    [InlineData(12)]
    public async Task A_reader_following_a_growing_log_sees_every_interval_whole(int seed)
    {
        using var temp = new TempFolder();
        string path = temp.File("growing.hlog");
        var expected = LogRoundTripTests.Intervals(Intervals, new string?[] { null, "A", "B" }, seed: 7);
        var expectedV2 = expected.Select(HistogramEncoder.Encode).ToList();
        using var fileStream = new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.ReadWrite);

        int emptyReads = 0;
        int pieces = 0;

        // Every 25th piece that leaves a line unfinished, the writer waits (briefly) for the reader to hit the partial line.
        void Pause()
        {
            if (++pieces % 25 == 0)
            {
                int seen = Volatile.Read(ref emptyReads);
                var wait = Stopwatch.StartNew();
                while (Volatile.Read(ref emptyReads) == seen && wait.ElapsedMilliseconds < 200)
                {
                    Thread.Sleep(0);
                }
            }
        }

        var writerTask = Task.Run(() =>
        {
            using var splitting = new SplittingStream(fileStream, seed, Pause);
            using var writer = new HistogramLogWriter(splitting);
            writer.OutputLogFormatVersion();
            writer.OutputStartTime(LogRoundTripTests.StartMsec);
            writer.OutputLegend();
            for (int i = 0; i < expected.Count; i++)
            {
                writer.OutputIntervalHistogram(expected[i]);
                if (i % 97 == 0)
                {
                    writer.OutputComment("[checkpoint " + i + "]");
                }
            }
        });

        int read = 0;
        var timeout = Stopwatch.StartNew();
        using (var reader = new HistogramLogReader(path))
        {
            EncodableHistogram? recycle = null;
            while (read < expected.Count)
            {
                timeout.Elapsed.Should().BeLessThan(TimeSpan.FromMinutes(2));
                var next = reader.NextIntervalHistogram(recycle);
                if (next is null)
                {
                    Interlocked.Increment(ref emptyReads);
                    if (writerTask.IsFaulted)
                    {
                        await writerTask;
                    }

                    Thread.Sleep(1);
                    continue;
                }

                var h = (HistogramBase)next;
                HistogramEncoder.Encode(h).AsSpan().SequenceEqual(expectedV2[read]).Should().BeTrue("interval {0} must be whole", read);
                h.Tag.Should().Be(expected[read].Tag);
                h.StartTimeStamp.Should().Be(expected[read].StartTimeStamp);
                read++;
                recycle = h;
            }

            await writerTask;
            reader.NextIntervalHistogram().Should().BeNull();
        }

        read.Should().Be(Intervals);
        emptyReads.Should().BeGreaterThan(10, "the reader met partial lines");
    }

    /// <summary>Writes each buffer in a few pieces, flushing after each (and calling back in between), so that readers see partial lines.</summary>
    private sealed class SplittingStream : Stream
    {
        private readonly Stream _inner;
        private readonly Random _random;
        private readonly Action _betweenPieces;

        public SplittingStream(Stream inner, int seed, Action betweenPieces)
        {
            _inner = inner;
            _random = new Random(seed);
            _betweenPieces = betweenPieces;
        }

        public override bool CanRead => false;

        public override bool CanSeek => false;

        public override bool CanWrite => true;

        public override long Length => _inner.Length;

        public override long Position
        {
            get => _inner.Position;
            set => throw new NotSupportedException();
        }

        public override void Write(byte[] buffer, int offset, int count)
        {
            while (count > 0)
            {
                int piece = Math.Min(count, 1 + _random.Next(Math.Max(1, count / 2)));
                _inner.Write(buffer, offset, piece);
                _inner.Flush();
                offset += piece;
                count -= piece;
                if (count > 0)
                {
                    _betweenPieces();
                }
            }
        }

        public override void Flush() => _inner.Flush();

        public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

        public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

        public override void SetLength(long value) => throw new NotSupportedException();
    }
}
