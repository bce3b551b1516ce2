// Writes the two histogram logs the plotting tests read, with Java HdrHistogram's own HistogramLogWriter:
//   java -cp /usr/share/java/hdrhistogram.jar GeneratePlotFixtures.java
// jhiccup-style.hlog: jHiccup-like hiccup log, values in nanoseconds, 1 s intervals, one 120 ms stall at 42 s.
// ycsb-style.hlog:    YCSB-like per-operation log, values in microseconds, 10 s intervals, tags READ and UPDATE.
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

public class GeneratePlotFixtures {
    public static void main(String[] args) throws Exception {
        Random random = new Random(20261125L);
        long start = 1764037800000L; // 2025-11-25T02:30:00Z
        try (PrintStream out = new PrintStream(new FileOutputStream("jhiccup-style.hlog"), false, "US-ASCII")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("jHiccup-style hiccup log made by GeneratePlotFixtures.java (values in nanoseconds)");
            writer.outputLogFormatVersion();
            writer.outputStartTime(start);
            writer.setBaseTime(start);
            writer.outputBaseTime(start);
            writer.outputLegend();
            for (int second = 0; second < 90; second++) {
                Histogram h = new Histogram(3600L * 1000 * 1000 * 1000, 2);
                for (int i = 0; i < 1000; i++) {
                    long hiccup = 20_000 + (long) (Math.abs(random.nextGaussian()) * 40_000);
                    if (random.nextInt(1000) == 0) {
                        hiccup += random.nextInt(5_000_000);
                    }
                    h.recordValue(hiccup);
                }
                if (second == 42) {
                    h.recordValueWithExpectedInterval(120_000_000L, 1_000_000L);
                }
                h.setStartTimeStamp(start + second * 1000L);
                h.setEndTimeStamp(start + second * 1000L + 1000L);
                writer.outputIntervalHistogram(h);
            }
        }
        try (PrintStream out = new PrintStream(new FileOutputStream("ycsb-style.hlog"), false, "US-ASCII")) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("YCSB-style operation latency log made by GeneratePlotFixtures.java (values in microseconds)");
            writer.outputLogFormatVersion();
            long ycsbStart = start + 3_600_000L;
            writer.outputStartTime(ycsbStart);
            writer.setBaseTime(ycsbStart);
            writer.outputBaseTime(ycsbStart);
            writer.outputLegend();
            for (int interval = 0; interval < 30; interval++) {
                for (String tag : new String[] { "READ", "UPDATE" }) {
                    Histogram h = new Histogram(60L * 1000 * 1000, 3);
                    long median = tag.equals("READ") ? 350 : 900;
                    int operations = tag.equals("READ") ? 9500 : 500;
                    for (int i = 0; i < operations; i++) {
                        double lognormal = Math.exp(random.nextGaussian() * 0.6);
                        h.recordValue(Math.max(1, (long) (median * lognormal)));
                    }
                    h.setTag(tag);
                    h.setStartTimeStamp(ycsbStart + interval * 10_000L);
                    h.setEndTimeStamp(ycsbStart + interval * 10_000L + 10_000L);
                    writer.outputIntervalHistogram(h);
                }
            }
        }
    }
}
