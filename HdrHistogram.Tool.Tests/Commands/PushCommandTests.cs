using System.IO;
using FluentAssertions;
using HdrHistogram.Prometheus.Tests;
using HdrHistogram.Tool.Tests.Infrastructure;
using Xunit;

namespace HdrHistogram.Tool.Tests.Commands;

/// <summary><c>hdr push</c>'s command line and the errors it reports before and without a receiver.</summary>
public class PushCommandTests
{
    private const string Url = "http://127.0.0.1:9090/api/v1/write";

    [Theory]
    [InlineData(new[] { "push", "x.hlog" }, "hdr push: error: Option '--url' is required (see hdr push --help)\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", "127.0.0.1:9090/api/v1/write" }, "hdr push: error: --url '127.0.0.1:9090/api/v1/write' is not an absolute http or https URL (e.g. http://127.0.0.1:9090/api/v1/write)\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", "ftp://host/write" }, "hdr push: error: --url 'ftp://host/write' is not an absolute http or https URL (e.g. http://127.0.0.1:9090/api/v1/write)\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "job" }, "hdr push: error: --label 'job' is not K=V\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "1job=a" }, "hdr push: error: --label '1job=a': '1job' is not a Prometheus label name (letters, digits and underscores, not starting with a digit or '__', and not 'le')\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "job-name=a" }, "hdr push: error: --label 'job-name=a': 'job-name' is not a Prometheus label name (letters, digits and underscores, not starting with a digit or '__', and not 'le')\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "__name__=a" }, "hdr push: error: --label '__name__=a': '__name__' is not a Prometheus label name (letters, digits and underscores, not starting with a digit or '__', and not 'le')\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "job=" }, "hdr push: error: --label 'job=' has no value (Prometheus takes a label with an empty value for no label)\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "tag=a" }, "hdr push: error: --label 'tag=a': the tag label is the log's tag, which hdr push gives the tagged series itself\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--label", "job=a", "--label", "job=b" }, "hdr push: error: --label 'job=b': the label job is given twice\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--name", "hdr-latency" }, "hdr push: error: --name 'hdr-latency' is not a Prometheus metric name (letters, digits, underscores and colons, not starting with a digit)\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--values-in", "minutes" }, "hdr push: error: --values-in must be ns, us, ms or s, not 'minutes'\n")]
    [InlineData(new[] { "push", "x.hlog", "--url", Url, "--batch", "0" }, "hdr push: error: --batch needs a whole number from 1 to 10000, not '0' (see hdr push --help)\n")]
    [InlineData(new[] { "push", "--url", Url, "--now" }, "hdr push: error: --now reads the log twice (its last interval first): give a FILE, not standard input\n")]
    public void Bad_arguments_are_one_line_usage_errors(string[] args, string expected)
        => ToolRunner.Run(args).ShouldBeUsageError(expected);

    [Fact]
    public void A_receiver_that_cannot_be_reached_is_a_one_line_error()
    {
        int port = LoopbackPort.Free();
        string url = "http://127.0.0.1:" + port + "/api/v1/write";
        var result = ToolRunner.Run("push", RepositoryFiles.SampleLog, "--url", url);
        result.ShouldFailWithOneLine("(nothing was pushed)", exitCode: 1);
        result.Stderr.Should().StartWith("hdr push: error: cannot push to " + url + ": ").And.EndWith(" (nothing was pushed)\n");
        result.Stdout.Should().BeEmpty();
    }

    [Fact]
    public void Input_errors_come_before_any_request()
    {
        string url = "http://127.0.0.1:" + LoopbackPort.Free() + "/api/v1/write";
        ToolRunner.Run("push", RepositoryFiles.SampleLog, "--url", url, "--tag", "nope").Stderr
            .Should().Be("hdr push: error: no histograms in " + RepositoryFiles.SampleLog + " with tag 'nope'\n");
        ToolRunner.Run("push", Path.Combine(Path.GetTempPath(), "missing-" + System.Guid.NewGuid().ToString("N") + ".hlog"), "--url", url)
            .ShouldFailWithOneLine("file not found", exitCode: 1);
        ToolRunner.Run(ToolRunner.Utf8(""), "push", "--url", url).Stderr.Should().Be("hdr push: error: no histograms in standard input (it is empty)\n");
    }
}
