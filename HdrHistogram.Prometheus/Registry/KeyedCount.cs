namespace HdrHistogram.Prometheus.Registry;

/// <summary>A bucket's key (an HDR bucket's lowest value, or a native bucket's index) and its count.</summary>
internal struct KeyedCount
{
    public long Key;
    public long Count;

    public KeyedCount(long key, long count)
    {
        Key = key;
        Count = count;
    }
}
