using System.Globalization;
using System.Text;

namespace HdrHistogram.UnitTests.Histograms.Packed;

/// <summary>
/// docs/memory.md's footprint table is what these histograms report (measured here, never typed in), and its code
/// sample runs.
/// </summary>
public class MemoryDocTests
{
    private static readonly int[] DistinctCounts = { 1, 10, 100, 1_000, 10_000 };

    private static readonly (string Name, Func<HistogramBase> Create)[] Types =
    {
        ("LongHistogram", () => new LongHistogram(1, 3_600_000_000_000, 3)),
        ("IntHistogram", () => new IntHistogram(1, 3_600_000_000_000, 3)),
        ("ShortHistogram", () => new ShortHistogram(1, 3_600_000_000_000, 3)),
        ("LongConcurrentHistogram", () => new LongConcurrentHistogram(1, 3_600_000_000_000, 3)),
        ("IntConcurrentHistogram", () => new IntConcurrentHistogram(1, 3_600_000_000_000, 3)),
        ("SynchronizedHistogram", () => new SynchronizedHistogram(1, 3_600_000_000_000, 3)),
        ("PackedHistogram", () => new PackedHistogram(1, 3_600_000_000_000, 3)),
        ("PackedConcurrentHistogram", () => new PackedConcurrentHistogram(1, 3_600_000_000_000, 3)),
    };

    [Fact]
    public void The_footprint_table_in_docs_memory_md_is_what_the_histograms_report()
    {
        string doc = File.ReadAllText(Path.Combine(RepositoryRoot(), "docs", "memory.md"));
        string table = MeasuredTable();
        doc.Replace("\r\n", "\n").Should().Contain(table, "docs/memory.md shows the measured table:\n{0}", table);
    }

    private static string MeasuredTable()
    {
        var sb = new StringBuilder();
        sb.Append("| count type | ").Append(string.Join(" | ", DistinctCounts.Select(d => d.ToString("N0", CultureInfo.InvariantCulture) + " distinct"))).Append(" |\n");
        sb.Append("|---|").Append(string.Concat(DistinctCounts.Select(_ => "---:|"))).Append('\n');
        foreach (var (name, create) in Types)
        {
            sb.Append("| ").Append(name).Append(" |");
            foreach (int distinct in DistinctCounts)
            {
                var h = create();
                foreach (long v in PackedFootprintTests.DistinctValues(distinct))
                {
                    h.RecordValue(v);
                }

                sb.Append(' ').Append(h.GetEstimatedFootprintInBytes().ToString("N0", CultureInfo.InvariantCulture)).Append(" |");
            }

            sb.Append('\n');
        }

        return sb.ToString();
    }

    private static string RepositoryRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "HdrHistogram.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("The repository root (HdrHistogram.sln) was not found above " + AppContext.BaseDirectory);
    }
}
