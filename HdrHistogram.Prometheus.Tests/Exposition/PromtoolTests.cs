using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using FluentAssertions;
using HdrHistogram.DocTesting;
using HdrHistogram.Prometheus.Exposition;
using HdrHistogram.Prometheus.Registry;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;
using Xunit.Sdk;

namespace HdrHistogram.Prometheus.Tests.Exposition;

/// <summary>
/// Every text exposition the tests scrape passes <c>promtool check metrics</c> with no error and no lint problem: the
/// tests get text only through <see cref="TextScrapes"/>, which runs promtool on each (checked here, in the tests'
/// sources); a bad exposition fails the test that scraped it (checked here with broken ones); and among the
/// expositions checked is one with every kind of family and series the registry writes.
/// </summary>
public class PromtoolTests
{
    private static readonly DateTimeOffset Created = new(2026, 11, 27, 12, 0, 0, 250, TimeSpan.Zero);

    // HTTP bodies read as strings that are not expositions: the documentation's service answering /ping, and the JSON
    // of the real Prometheus's query API (PrometheusServer).
    private static readonly string[] NotExpositions =
    {
        "client.GetStringAsync(new Uri(\"/ping\", UriKind.Relative))",
        "_http.GetStringAsync(new Uri(BaseUrl + pathAndQuery))",
    };

    [PromtoolFact]
    public void A_broken_exposition_fails_the_test_that_scraped_it_with_promtools_complaint()
    {
        // The same family written twice, a label value's new line or quote left unescaped. (promtool 2.42 does not
        // check the buckets themselves: le out of order, no +Inf bucket or a repeated series pass it.)
        var broken = new (string Exposition, string Complaint)[]
        {
            (
                "# HELP x_seconds A.\n# TYPE x_seconds histogram\nx_seconds_bucket{le=\"+Inf\"} 1\nx_seconds_sum 0.5\nx_seconds_count 1\n"
                    + "# HELP x_seconds A.\n# TYPE x_seconds histogram\nx_seconds_bucket{le=\"+Inf\"} 1\n",
                "error while linting: text format parsing error in line 6: second HELP line for metric name \"x_seconds\"\n"),
            (
                "# HELP x_seconds A.\n# TYPE x_seconds histogram\nx_seconds_bucket{route=\"two\nlines\",le=\"+Inf\"} 1\n",
                "error while linting: text format parsing error in line 3: label value \"two\" contains unescaped new-line\n"),
            (
                "# HELP x_seconds A.\n# TYPE x_seconds histogram\nx_seconds_bucket{route=\"say \"hi\"\",le=\"+Inf\"} 1\n",
                "error while linting: text format parsing error in line 3: unexpected end of label value \"say \"\n"),
        };
        foreach (var (exposition, complaint) in broken)
        {
            Promtool.CheckMetrics(System.Text.Encoding.UTF8.GetBytes(exposition)).Should().Be(new PromtoolResult(1, complaint));
            FluentActions.Invoking(() => TextScrapes.Check(exposition)).Should().Throw<XunitException>()
                .Which.Message.Should().StartWith("promtool check metrics exited 1 and said:\n" + complaint);
        }
    }

    [PromtoolFact]
    public void Promtool_is_there_and_a_lint_problem_fails_the_scrape_too()
    {
        var registry = new PrometheusHistogramRegistry(new FixedTimeProvider(Created));
        registry.CreateHistogram("requests_total", "Requests.").GetOrCreateRecorder().RecordValue(3);
        var buffer = new ArrayBufferWriter<byte>();
        registry.Write(buffer, PrometheusExpositionFormat.Text);

        const string Lint = "requests_total non-counter metrics should not have \"_total\" suffix\n";
        Promtool.CheckMetrics(buffer.WrittenSpan.ToArray()).Should().Be(new PromtoolResult(3, Lint));
        FluentActions.Invoking(() => TextScrapes.Check(buffer.WrittenSpan)).Should().Throw<XunitException>()
            .Which.Message.Should().StartWith("promtool check metrics exited 3 and said:\n" + Lint);
    }

    [PromtoolFact]
    public void Every_kind_of_family_and_series_the_registry_writes_passes_promtool()
    {
        var registry = new PrometheusHistogramRegistry(new FixedTimeProvider(Created));
        registry.CreateHistogram("unused_seconds", "A family without series.", new PrometheusHistogramOptions { Unit = "seconds" });

        // Many series, label values with every character the format escapes and some it does not.
        var requests = registry.CreateHistogram("coverage_request_seconds", "Help with a backslash \\, a\nnew line and \"quotes\".", new PrometheusHistogramOptions
        {
            LabelNames = new[] { "route", "method" },
            Unit = "seconds",
            ValueScale = 1e-9,
        });
        string[] awkward = { "/a\\b", "say \"hi\"", "two\nlines", "nul\0", "ünïcödé ✓", "{braces},commas=", string.Empty, "trailing\\" };
        for (int i = 0; i < 300; i++)
        {
            var recorder = requests.GetOrCreateRecorder(awkward[i % awkward.Length] + i.ToString(System.Globalization.CultureInfo.InvariantCulture), i % 2 == 0 ? "GET" : "POST");
            recorder.RecordValueWithCount(1_000 + (i * 7_919L), 1 + (i % 3));
            recorder.RecordValue(3_000_000_000L + i);
        }

        requests.GetOrCreateRecorder("never recorded", "GET");

        // A double recorder, with zero, and bounds written in exponent form.
        var ratios = registry.CreateHistogram("coverage_ratio", "Ratios.", new PrometheusHistogramOptions { ClassicBucketBounds = new[] { 1e-9, 0.5, 1, 1e21 } });
        var doubles = new DoubleRecorder(1_000_000_000, 3);
        doubles.RecordValue(0);
        doubles.RecordValue(0.25);
        doubles.RecordValueWithCount(0.75, 2);
        ratios.Add(doubles);

        // A packed recorder without labels, next to an empty one.
        var items = registry.CreateHistogram("coverage_items", "Items.");
        var packed = PrometheusHistogramOptions.CreatePackedRecorder(1, 1_000_000, 2);
        packed.RecordValue(42);
        items.Add(packed);
        registry.CreateHistogram("coverage_empty", "Series that recorded nothing.", new PrometheusHistogramOptions { LabelNames = new[] { "k" } })
            .Add(new Recorder(1, 1_000, 2), "v");

        byte[] bytes = TextScrapes.WriteBytes(registry);
        Promtool.CheckMetrics(bytes).Should().Be(new PromtoolResult(0, string.Empty));

        string text = System.Text.Encoding.UTF8.GetString(bytes);
        string[] lines = text.Split('\n');
        lines.Count(l => l.StartsWith("coverage_request_seconds_count{", StringComparison.Ordinal)).Should().Be(301);
        lines.Count(l => l.StartsWith("coverage_request_seconds_created{", StringComparison.Ordinal)).Should().Be(301);
        text.Should().NotContain("unused_seconds");
        text.Should().Contain("# HELP coverage_request_seconds Help with a backslash \\\\, a\\nnew line and \"quotes\".\n# TYPE coverage_request_seconds histogram\n# UNIT coverage_request_seconds seconds\n");
        text.Should().Contain("coverage_request_seconds_count{route=\"/a\\\\b0\",method=\"GET\"} 2\n")
            .And.Contain("coverage_request_seconds_count{route=\"say \\\"hi\\\"1\",method=\"POST\"} 3\n")
            .And.Contain("coverage_request_seconds_count{route=\"two\\nlines2\",method=\"GET\"} 4\n")
            .And.Contain("coverage_request_seconds_count{route=\"trailing\\\\7\",method=\"POST\"} 3\n")
            .And.Contain("coverage_request_seconds_count{route=\"never recorded\",method=\"GET\"} 0\n");
        text.Should().Contain("coverage_ratio_bucket{le=\"1e-09\"} 1\n").And.Contain("coverage_ratio_bucket{le=\"1e+21\"} 4\n").And.Contain("coverage_ratio_count 4\n");
        text.Should().Contain("coverage_items_count 1\n").And.Contain("coverage_empty_count{k=\"v\"} 0\n").And.EndWith("coverage_empty_created{k=\"v\"} 1795780800.25\n");
    }

    [Fact]
    public void Every_text_scrape_of_the_tests_goes_through_TextScrapes()
    {
        string root = DocPrograms.RepositoryRoot();
        string project = Path.Combine(root, "HdrHistogram.Prometheus.Tests");
        var files = Directory.EnumerateFiles(project, "*.cs", SearchOption.AllDirectories)
            .Select(f => Path.GetRelativePath(root, f).Replace('\\', '/'))
            .Where(f => !f.Contains("/bin/", StringComparison.Ordinal) && !f.Contains("/obj/", StringComparison.Ordinal))
            .Where(f => f != "HdrHistogram.Prometheus.Tests/TextScrapes.cs")
            .ToList();
        files.Should().Contain("HdrHistogram.Prometheus.Tests/Exposition/ExpositionTests.cs").And.Contain("HdrHistogram.Prometheus.Tests/Serving/ListenerTests.cs");

        files.SelectMany(f => UncheckedTextScrapes(f, File.ReadAllText(Path.Combine(root, f)))).Should().BeEmpty(
            "a test gets a text exposition only through TextScrapes, which checks it with promtool (a scrape whose allocations are measured writes it itself, then passes it to TextScrapes.Check)");
    }

    [Fact]
    public void The_source_check_finds_text_scrapes_that_bypass_TextScrapes()
    {
        const string Source = """
            class T
            {
                void A(PrometheusHistogramRegistry registry, ArrayBufferWriter<byte> buffer) => registry.Write(buffer, PrometheusExpositionFormat.Text);
                void B(PrometheusHistogramRegistry registry, ArrayBufferWriter<byte> buffer, ArrayBufferWriter<byte> other, PrometheusExpositionFormat format) { registry.Write(buffer, format); TextScrapes.Check(other.WrittenSpan); }
                async Task<string> C(HttpClient client) => await client.GetStringAsync(new Uri("/metrics", UriKind.Relative));
                async Task D(HttpResponseMessage response) => (await response.Content.ReadAsStringAsync()).Should().Contain("x");
                void E(PrometheusHistogramRegistry registry, ArrayBufferWriter<byte> buffer) { registry.Write(buffer, PrometheusExpositionFormat.Protobuf); registry.Write(buffer, PrometheusExpositionFormat.Text); TextScrapes.Check(buffer.WrittenSpan); }
                async Task<string> F(HttpClient client) => TextScrapes.Check(await client.GetStringAsync(new Uri("/metrics", UriKind.Relative)));
                async Task<string> G(HttpClient client) => await client.GetStringAsync(new Uri("/ping", UriKind.Relative));
            }
            """;
        UncheckedTextScrapes("T.cs", Source).Should().Equal(
            "T.cs:3: registry.Write(buffer, PrometheusExpositionFormat.Text)",
            "T.cs:4: registry.Write(buffer, format)",
            "T.cs:5: client.GetStringAsync(new Uri(\"/metrics\", UriKind.Relative))",
            "T.cs:6: response.Content.ReadAsStringAsync()");
    }

    /// <summary>
    /// The places in a source file where a test gets a text exposition without <see cref="TextScrapes"/>: a
    /// <c>Write(output, format)</c> whose format is not the literal <c>PrometheusExpositionFormat.Protobuf</c>, in a
    /// member that passes nothing of that output to <c>TextScrapes.Check</c>; and an HTTP body read as a string
    /// (<c>GetStringAsync</c>, <c>ReadAsStringAsync</c>) that is not awaited straight into <c>TextScrapes.Check</c>,
    /// unless <see cref="NotExpositions"/> lists it.
    /// </summary>
    private static List<string> UncheckedTextScrapes(string path, string source)
    {
        var found = new List<string>();
        foreach (var call in CSharpSyntaxTree.ParseText(source).GetRoot().DescendantNodes().OfType<InvocationExpressionSyntax>())
        {
            if (call.Expression is not MemberAccessExpressionSyntax member)
            {
                continue;
            }

            var arguments = call.ArgumentList.Arguments;
            bool bypasses = false;
            if (member.Name.Identifier.Text == "Write" && arguments.Count == 2 && arguments[1].Expression.ToString() != "PrometheusExpositionFormat.Protobuf")
            {
                string output = arguments[0].Expression.ToString();
                var scope = call.Ancestors().OfType<MemberDeclarationSyntax>().First();
                bypasses = !scope.DescendantNodes().OfType<InvocationExpressionSyntax>().Any(check =>
                    check.Expression.ToString() == "TextScrapes.Check"
                    && check.ArgumentList.Arguments.Any(a => a.Expression.ToString() == output || a.Expression.ToString().StartsWith(output + ".", StringComparison.Ordinal)));
            }
            else if (member.Name.Identifier.Text is "GetStringAsync" or "ReadAsStringAsync")
            {
                bypasses = !NotExpositions.Contains(call.ToString())
                    && !(call.Parent is AwaitExpressionSyntax { Parent: ArgumentSyntax { Parent: ArgumentListSyntax { Parent: InvocationExpressionSyntax check } } }
                        && check.Expression.ToString() == "TextScrapes.Check");
            }

            if (bypasses)
            {
                found.Add($"{path}:{call.GetLocation().GetLineSpan().StartLinePosition.Line + 1}: {call}");
            }
        }

        return found;
    }
}
