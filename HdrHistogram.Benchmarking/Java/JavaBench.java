// The operations of the Versus250 benchmark suites, on Java's HdrHistogram (the OS package's jar), timed the way
// Infrastructure/JavaComparison.cs times them on .NET: each operation is warmed up, then run in batches of about
// 200 ms; the median batch's time per operation is printed as "name<TAB>nanoseconds". Run by java-vs-dotnet.sh.
//
//   java -cp /usr/share/java/hdrhistogram.jar JavaBench.java WORKLOADS_DIR [BATCHES]

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Random;
import java.util.function.LongSupplier;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.HdrHistogram.IntCountsHistogram;
import org.HdrHistogram.PackedConcurrentHistogram;
import org.HdrHistogram.PackedHistogram;
import org.HdrHistogram.Recorder;
import org.HdrHistogram.ShortCountsHistogram;
import org.HdrHistogram.SingleWriterRecorder;

public final class JavaBench {
    private static final long HIGHEST = 3_600_000_000_000L;
    private static final int VALUES = 1024;
    private static int batches = 7;
    private static volatile long sink;
    // "only=NAME" times that operation alone; "skip=PREFIX" every operation whose name does not start with PREFIX.
    private static String only;
    private static String skip;

    public static void main(String[] args) throws Exception {
        Path workloads = Path.of(args[0]);
        for (int i = 1; i < args.length; i++) {
            if (args[i].startsWith("only=")) {
                only = args[i].substring(5);
            } else if (args[i].startsWith("skip=")) {
                skip = args[i].substring(5);
            } else {
                batches = Integer.parseInt(args[i]);
            }
        }

        // ByteBuffer: 1,000 values of every magnitude, big-endian (java.nio, what Java's HdrHistogram encodes with).
        long[] longs = new long[1000];
        Random random = new Random(42);
        for (int i = 0; i < longs.length; i++) {
            long value = (long) (random.nextDouble() * Math.pow(2, random.nextInt(64)));
            longs[i] = (i & 7) == 7 ? -value : value;
        }
        ByteBuffer write = ByteBuffer.allocate(8000);
        ByteBuffer read = ByteBuffer.allocate(8000);
        for (long v : longs) {
            read.putLong(v);
        }
        time("ByteBuffer.PutLong", 1000, () -> {
            write.position(0);
            for (long v : longs) {
                write.putLong(v);
            }
            return write.position();
        });
        time("ByteBuffer.GetLong", 1000, () -> {
            read.position(0);
            long sum = 0;
            for (int i = 0; i < 1000; i++) {
                sum += read.getLong();
            }
            return sum;
        });

        long[] lzc = new long[VALUES];
        for (int i = 0; i < VALUES; i++) {
            int bits = 1 + random.nextInt(63);
            lzc[i] = ((random.nextLong() >>> 1) | 1L << 62) >>> (63 - bits);
        }
        time("NumberOfLeadingZeros", VALUES, () -> {
            long sum = 0;
            for (long v : lzc) {
                sum += Long.numberOfLeadingZeros(v);
            }
            return sum;
        });

        // Recording: latency-like values around 1 ms.
        long[] values = new long[VALUES];
        for (int i = 0; i < VALUES; i++) {
            values[i] = (long) Math.exp(Math.log(1_000_000) + random.nextDouble() * 4 - 2);
        }
        record("Record.LongHistogram", new Histogram(1, HIGHEST, 3), values);
        record("Record.IntHistogram", new IntCountsHistogram(1, HIGHEST, 3), values);
        ShortCountsHistogram shorts = new ShortCountsHistogram(1, HIGHEST, 3);
        time("Record.ShortHistogram", VALUES, () -> {
            if (shorts.getTotalCount() > 1_000_000) {
                shorts.reset();
            }
            for (long v : values) {
                shorts.recordValue(v);
            }
            return shorts.getTotalCount();
        });
        record("Record.LongConcurrentHistogram", new ConcurrentHistogram(1, HIGHEST, 3), values);
        record("Record.PackedHistogram", new PackedHistogram(1, HIGHEST, 3), values);
        record("Record.PackedConcurrentHistogram", new PackedConcurrentHistogram(1, HIGHEST, 3), values);
        Recorder recorder = new Recorder(1, HIGHEST, 3);
        time("Record.Recorder", VALUES, () -> {
            for (long v : values) {
                recorder.recordValue(v);
            }
            return VALUES;
        });
        SingleWriterRecorder single = new SingleWriterRecorder(1, HIGHEST, 3);
        time("Record.SingleWriterRecorder", VALUES, () -> {
            for (long v : values) {
                single.recordValue(v);
            }
            return VALUES;
        });

        // A histogram reused interval after interval (ResetVersus): 1,024 values, then reset(); the values above, and
        // values over the whole range from a random source of their own (the ones below stay as they were).
        Random wideRandom = new Random(7);
        long[] wide = new long[VALUES];
        for (int i = 0; i < VALUES; i++) {
            wide[i] = (long) Math.exp(wideRandom.nextDouble() * Math.log(HIGHEST * 0.9));
        }
        Histogram reused = new Histogram(1, HIGHEST, 3);
        time("Reset.Interval", 1, () -> recordThenReset(reused, values));
        time("Reset.WideInterval", 1, () -> recordThenReset(reused, wide));

        // Queries on a 1,000,000-value histogram.
        Histogram big = new Histogram(1, 3_600_000_000L, 3);
        for (int i = 0; i < 1_000_000; i++) {
            big.recordValue((long) Math.exp(Math.log(1_000_000) + random.nextDouble() * 4 - 2));
        }
        double[] levels = {50.0, 90.0, 99.0, 99.9, 99.99, 100.0};
        time("Query.Percentiles", 1, () -> {
            long sum = 0;
            for (double p : levels) {
                sum += big.getValueAtPercentile(p);
            }
            return sum;
        });
        time("Query.CopyAdd", 1, () -> {
            Histogram copy = big.copy();
            copy.add(big);
            return copy.getTotalCount();
        });

        // The same queries and an encode on a PackedHistogram holding the same 1,000,000 values (PackedBenchmark.cs).
        PackedHistogram bigPacked = new PackedHistogram(1, 3_600_000_000L, 3);
        bigPacked.add(big);
        time("Packed.Percentiles", 1, () -> {
            long sum = 0;
            for (double p : levels) {
                sum += bigPacked.getValueAtPercentile(p);
            }
            return sum;
        });
        time("Packed.CopyAdd", 1, () -> {
            PackedHistogram copy = bigPacked.copy();
            copy.add(bigPacked);
            return copy.getTotalCount();
        });
        ByteBuffer packedBuffer = ByteBuffer.allocate(bigPacked.getNeededByteBufferCapacity());
        time("Packed.Encode", 1, () -> {
            packedBuffer.clear();
            return bigPacked.encodeIntoByteBuffer(packedBuffer);
        });

        // Serialization of the workloads.
        for (String name : new String[] {"latency-1h-3sd", "sparse-wide", "int-dense"}) {
            byte[] encoded = Files.readAllBytes(workloads.resolve(name + ".hdr"));
            byte[] compressed = Base64.getDecoder().decode(Files.readString(workloads.resolve(name + ".compressed.txt")).trim());
            boolean ints = name.equals("int-dense");
            AbstractHistogram source = ints
                ? IntCountsHistogram.decodeFromByteBuffer(ByteBuffer.wrap(encoded), 0)
                : Histogram.decodeFromByteBuffer(ByteBuffer.wrap(encoded), 0);
            ByteBuffer encodeBuffer = ByteBuffer.allocate(source.getNeededByteBufferCapacity());
            ByteBuffer compressBuffer = ByteBuffer.allocate(source.getNeededByteBufferCapacity());
            ByteBuffer decodeBuffer = ByteBuffer.wrap(encoded);
            ByteBuffer decodeCompressedBuffer = ByteBuffer.wrap(compressed);
            String prefix = "Serialization." + name + ".";
            time(prefix + "Encode", 1, () -> {
                encodeBuffer.clear();
                return source.encodeIntoByteBuffer(encodeBuffer);
            });
            time(prefix + "Decode", 1, () -> {
                decodeBuffer.position(0);
                return (ints ? IntCountsHistogram.decodeFromByteBuffer(decodeBuffer, 0) : Histogram.decodeFromByteBuffer(decodeBuffer, 0)).getTotalCount();
            });
            time(prefix + "EncodeCompressed", 1, () -> {
                compressBuffer.clear();
                return source.encodeIntoCompressedByteBuffer(compressBuffer);
            });
            time(prefix + "DecodeCompressed", 1, () -> {
                decodeCompressedBuffer.position(0);
                try {
                    return (ints ? IntCountsHistogram.decodeFromCompressedByteBuffer(decodeCompressedBuffer, 0)
                        : Histogram.decodeFromCompressedByteBuffer(decodeCompressedBuffer, 0)).getTotalCount();
                } catch (java.util.zip.DataFormatException e) {
                    throw new IllegalStateException(e);
                }
            });
        }

        // Logs: read every interval; write them all (format version, start time, legend, intervals) to nowhere.
        for (String name : new String[] {"tagged-Log.logV2", "jHiccup-2.0.6.logV1"}) {
            byte[] log = Files.readAllBytes(workloads.resolve(name + ".hlog"));
            List<EncodableHistogram> intervals = new ArrayList<>();
            HistogramLogReader setupReader = new HistogramLogReader(new ByteArrayInputStream(log));
            for (EncodableHistogram h; (h = setupReader.nextIntervalHistogram()) != null; ) {
                intervals.add(h);
            }
            long total = intervals.stream().mapToLong(h -> ((AbstractHistogram) h).getTotalCount()).sum();
            System.err.println(name + ": " + intervals.size() + " intervals, total count " + total);
            time("Log." + name + ".Read", 1, () -> {
                HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(log));
                long sum = 0;
                for (EncodableHistogram h; (h = reader.nextIntervalHistogram()) != null; ) {
                    sum += ((AbstractHistogram) h).getTotalCount();
                }
                return sum;
            });
            PrintStream nowhere = new PrintStream(OutputStream.nullOutputStream());
            time("Log." + name + ".Write", 1, () -> {
                HistogramLogWriter writer = new HistogramLogWriter(nowhere);
                writer.outputLogFormatVersion();
                writer.outputStartTime(1_704_164_645_000L);
                writer.outputLegend();
                for (EncodableHistogram h : intervals) {
                    writer.outputIntervalHistogram(h);
                }
                return intervals.size();
            });
        }
    }

    private static long recordThenReset(AbstractHistogram histogram, long[] values) {
        for (long v : values) {
            histogram.recordValue(v);
        }
        long total = histogram.getTotalCount();
        histogram.reset();
        return total;
    }

    private static void record(String name, AbstractHistogram histogram, long[] values) {
        time(name, values.length, () -> {
            for (long v : values) {
                histogram.recordValue(v);
            }
            return histogram.getTotalCount();
        });
    }

    /** Warm-up (about a second, past the JIT's tiers), then batches of about 200 ms; prints the median ns per operation. */
    private static void time(String name, int operationsPerCall, LongSupplier call) {
        if ((only != null && !only.equals(name)) || (skip != null && name.startsWith(skip))) {
            return;
        }
        long calls = 1;
        long warmupEnd = System.nanoTime() + 1_000_000_000L;
        while (System.nanoTime() < warmupEnd) {
            sink += call.getAsLong();
        }
        // Calls per batch: about 200 ms.
        long t0 = System.nanoTime();
        while (System.nanoTime() - t0 < 20_000_000L) {
            sink += call.getAsLong();
            calls++;
        }
        long perBatch = Math.max(1, calls * 10);
        double[] results = new double[batches];
        for (int b = 0; b < batches; b++) {
            long start = System.nanoTime();
            for (long i = 0; i < perBatch; i++) {
                sink += call.getAsLong();
            }
            results[b] = (System.nanoTime() - start) / (double) (perBatch * operationsPerCall);
        }
        Arrays.sort(results);
        System.out.printf(java.util.Locale.ROOT, "%s\t%.3f%n", name, results[batches / 2]);
    }
}
