using System.IO;
using System.Linq;
using HdrHistogram.CompatTests.Infrastructure;
using Xunit;

namespace HdrHistogram.CompatTests;

public class ProbeTests
{
    [Fact]
    public void Probe()
    {
        static string Show(Outcome o) => (o.Exception is null ? "R " + o.Result : "T " + o.Exception.GetType().Name + " " + o.Exception.Message).Replace('\n', ' ').Replace('\r', ' ');
        var lines = Compat250.Behaviour.Scenarios.Names().Select(n => n + "\t" + Show(Net250Context.Run(n)) + "\t" + Show(Outcome.Ours(n)));
        File.WriteAllLines("/tmp/compat-probe.tsv", lines);
    }
}
