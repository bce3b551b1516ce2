#pragma warning disable IDE0130 // Compiler polyfill: the compiler finds it by this full name.
namespace System.Diagnostics.CodeAnalysis;

/// <summary>The compiler's flow-analysis attribute, which netstandard2.0 lacks: the argument is not null once the method returns.</summary>
[AttributeUsage(AttributeTargets.Parameter | AttributeTargets.Property | AttributeTargets.Field | AttributeTargets.ReturnValue, Inherited = false)]
internal sealed class NotNullAttribute : Attribute
{
}
