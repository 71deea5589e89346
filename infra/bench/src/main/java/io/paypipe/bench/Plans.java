package io.paypipe.bench;

import io.paypipe.bench.load.Delivery;
import io.paypipe.bench.product.BenchOrder;
import io.paypipe.bench.product.SandboxClient.BenchMerchant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Orders and the delivery sequence of one phase: every order's notification once, plus a
 * share of duplicates.
 */
final class Plans {

    private Plans() {
    }

    /**
     * {@code count} orders of random amounts spread over the merchants, out_trade_no
     * {@code prefix + 00001...}.
     */
    static List<BenchOrder> orders(String prefix, int count, List<BenchMerchant> merchants, Random random) {
        List<BenchOrder> orders = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            BenchMerchant m = merchants.get(i % merchants.size());
            orders.add(new BenchOrder(m.tenant(), m.merchantId(), prefix + String.format("%06d", i),
                    100 + random.nextInt(99_900)));
        }
        return orders;
    }

    /**
     * The sends: each first delivery in order, and {@code duplicatePercent}% more
     * deliveries, each a byte-for-byte copy of an earlier notification placed somewhere
     * after its original (WeChat re-pushes the same bytes).
     */
    static List<Delivery> withDuplicates(List<Delivery> firsts, int duplicatePercent, Random random) {
        record Slot(long key, Delivery delivery) {
        }
        List<Slot> slots = new ArrayList<>();
        long n = firsts.size();
        for (int i = 0; i < n; i++) {
            slots.add(new Slot(i * 1000L, firsts.get(i)));
        }
        long duplicates = n * duplicatePercent / 100;
        for (long k = 0; k < duplicates; k++) {
            int original = random.nextInt(firsts.size());
            Delivery d = firsts.get(original);
            long key = original * 1000L + 1 + (long) (random.nextDouble() * (n - original) * 1000);
            slots.add(new Slot(key, new Delivery(d.outTradeNo(), d.headers(), d.body(), true)));
        }
        slots.sort(java.util.Comparator.comparingLong(Slot::key));
        return slots.stream().map(Slot::delivery).toList();
    }

    /**
     * How many orders make {@code sends} deliveries with {@code duplicatePercent}%
     * duplicates.
     */
    static int ordersFor(long sends, int duplicatePercent) {
        return (int) Math.max(1, sends * 100 / (100 + duplicatePercent));
    }

}
