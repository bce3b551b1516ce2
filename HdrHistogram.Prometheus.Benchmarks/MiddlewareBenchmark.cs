using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using HdrHistogram.Prometheus.AspNetCore;
using HdrHistogram.Prometheus.Registry;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.AspNetCore.Routing.Patterns;

namespace HdrHistogram.Prometheus.Benchmarks;

/// <summary>
/// One request through an endpoint that only sets the status code, with and without the request-duration middleware
/// in front (the same routed context each time): the difference is the middleware's cost per request.
/// </summary>
[MemoryDiagnoser]
public class MiddlewareBenchmark
{
    private readonly DefaultHttpContext _context = new();
    private RequestDelegate _endpoint = null!;
    private RequestDelegate _withMiddleware = null!;

    [GlobalSetup]
    public void Setup()
    {
        _endpoint = static context =>
        {
            context.Response.StatusCode = 200;
            return Task.CompletedTask;
        };
        var registry = new PrometheusHistogramRegistry();
        var middleware = new HdrRequestDurationMiddleware(_endpoint, registry.RequestDurations);
        _withMiddleware = middleware.InvokeAsync;
        var routeEndpoint = new RouteEndpoint(_endpoint, RoutePatternFactory.Parse("/items/{id}"), 0, EndpointMetadataCollection.Empty, "items");
        _context.SetEndpoint(routeEndpoint);
        _withMiddleware(_context).GetAwaiter().GetResult();
    }

    [Benchmark(Baseline = true, Description = "Endpoint without middleware")]
    public Task Endpoint() => _endpoint(_context);

    [Benchmark(Description = "Endpoint with HdrRequestDurationMiddleware")]
    public Task WithMiddleware() => _withMiddleware(_context);
}
