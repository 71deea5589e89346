package io.paypipe.ingress.callback;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Assertions;

/**
 * Generated-input testing of a callback endpoint, for any channel: case {@code i} takes one of the valid
 * requests and applies one to three mutations drawn from {@code new Random(seed * 31 + i)} (bit flips,
 * truncation, random bytes, field swaps, header removal or alteration, content types, oversized bodies), so a
 * failing case is reproduced from the printed seed and its number alone. Every response is checked: never a
 * stack trace or exception name in the body, never an exception on the client side, and whatever the
 * channel's {@link Oracle} demands (its fail ack, no acceptance of a changed body, ...).
 * <p>
 * Most mutants die at the signature check. With {@link #resigning} a share of them is signed again after
 * mutating, as if the channel had sent the mutated bytes, so the checks behind the signature (envelope,
 * decryption, fields) get their share of garbage too.
 */
public final class CallbackFuzzer {

    /** The shape of the channel's body, for the structure-aware mutations. */
    public enum BodyFormat { JSON, FORM }

    /** One generated case: the request and the mutations that made it. */
    public record Mutant(long caseNumber, FuzzRequest valid, FuzzRequest request, String mutations, boolean resigned) {
    }

    /** The channel's own rules for a response to a mutant; empty when it is fine. */
    @FunctionalInterface
    public interface Oracle {
        Optional<String> problem(Mutant mutant, FuzzRequest.Response response);
    }

    /** Something wrong with one case. */
    public record Finding(long caseNumber, String mutations, int status, String problem) {
    }

    /** The outcome of a run; {@code findings} keeps the first 50 of {@code findingCount}. */
    public record Report(long seed, int sent, Map<Integer, Integer> statuses, long findingCount, List<Finding> findings,
                         Duration took) {

        public void assertNoFindings() {
            Assertions.assertEquals(0, findingCount, () -> "seed " + seed + ": " + findingCount + " findings, first: " + findings);
        }
    }

    private static final List<String> STACK_TRACE_MARKERS = List.of("Exception", "at io.", "\tat ", "java.lang.", "at org.");
    private static final int KEPT_FINDINGS = 50;

    private final long seed;
    private final Mutations mutations;
    private final UnaryOperator<FuzzRequest> resigner;
    private final int resignPercent;

    public CallbackFuzzer(long seed, BodyFormat format, long maxBodyBytes) {
        this(seed, new Mutations(format, maxBodyBytes), UnaryOperator.identity(), 0);
    }

    private CallbackFuzzer(long seed, Mutations mutations, UnaryOperator<FuzzRequest> resigner, int resignPercent) {
        this.seed = seed;
        this.mutations = mutations;
        this.resigner = resigner;
        this.resignPercent = resignPercent;
    }

    /** This fuzzer, signing {@code percent} % of the mutants again with {@code resigner} (the channel's own signature). */
    public CallbackFuzzer resigning(UnaryOperator<FuzzRequest> resigner, int percent) {
        return new CallbackFuzzer(seed, mutations, resigner, percent);
    }

    /** A seed from the clock, printed so that a failing run can be repeated with it. */
    public static long newSeed(String name) {
        long seed = Long.getLong("fuzz.seed", System.nanoTime() ^ System.currentTimeMillis() * 31);
        System.out.println(name + ": fuzz seed " + seed + " (repeat with -Dfuzz.seed=" + seed + ")");
        return seed;
    }

    /** Case {@code caseNumber}, built from one of {@code valid}: the same seed and number give the same case. */
    public Mutant mutant(long caseNumber, List<FuzzRequest> valid) {
        Random random = new Random(seed * 31 + caseNumber);
        FuzzRequest base = valid.get(random.nextInt(valid.size()));
        Mutations.Draft draft = new Mutations.Draft(base);
        boolean resign = random.nextInt(100) < resignPercent;
        int count = 1 + (random.nextInt(10) < 7 ? 0 : 1 + random.nextInt(2));
        for (int i = 0; i < count; i++) {
            mutations.applyOne(draft, random);
        }
        FuzzRequest mutated = new FuzzRequest(draft.body, draft.headers);
        return new Mutant(caseNumber, base, resign ? resigner.apply(mutated) : mutated,
                String.join(" + ", draft.applied) + (resign ? " + re-signed" : ""), resign);
    }

    /** Sends {@code cases} mutants, {@code concurrency} at a time, and checks every response. */
    public Report run(int cases, List<FuzzRequest> valid, int concurrency, FuzzRequest.Endpoint endpoint, Oracle oracle)
            throws Exception {
        long started = System.nanoTime();
        Map<Integer, Integer> statuses = new ConcurrentHashMap<>();
        List<Finding> findings = Collections.synchronizedList(new ArrayList<>());
        AtomicLong findingCount = new AtomicLong();
        AtomicInteger next = new AtomicInteger();
        try (ExecutorService workers = Executors.newFixedThreadPool(concurrency)) {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < concurrency; w++) {
                running.add(workers.submit(() -> {
                    for (int i = next.getAndIncrement(); i < cases; i = next.getAndIncrement()) {
                        Mutant mutant = mutant(i, valid);
                        Optional<Finding> finding = check(mutant, endpoint, oracle, statuses);
                        finding.ifPresent(f -> {
                            if (findingCount.incrementAndGet() <= KEPT_FINDINGS) {
                                findings.add(f);
                            }
                        });
                    }
                    return null;
                }));
            }
            for (Future<?> worker : running) {
                worker.get();
            }
        }
        return new Report(seed, cases, new TreeMap<>(statuses), findingCount.get(), List.copyOf(findings),
                Duration.ofNanos(System.nanoTime() - started));
    }

    private static Optional<Finding> check(Mutant mutant, FuzzRequest.Endpoint endpoint, Oracle oracle,
                                           Map<Integer, Integer> statuses) {
        FuzzRequest.Response response;
        try {
            response = endpoint.send(mutant.request());
        } catch (Exception e) {
            statuses.merge(0, 1, Integer::sum);
            return Optional.of(new Finding(mutant.caseNumber(), mutant.mutations(), 0, "no response: " + e));
        }
        statuses.merge(response.status(), 1, Integer::sum);
        for (String marker : STACK_TRACE_MARKERS) {
            if (response.body() != null && response.body().contains(marker)) {
                return Optional.of(new Finding(mutant.caseNumber(), mutant.mutations(), response.status(),
                        "body contains '" + marker + "'"));
            }
        }
        return oracle.problem(mutant, response)
                .map(problem -> new Finding(mutant.caseNumber(), mutant.mutations(), response.status(), problem));
    }
}
