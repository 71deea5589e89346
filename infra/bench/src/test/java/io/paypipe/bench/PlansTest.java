package io.paypipe.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.paypipe.bench.load.Delivery;
import io.paypipe.bench.product.BenchOrder;
import io.paypipe.bench.product.SandboxClient.BenchMerchant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PlansTest {

    private static List<Delivery> firsts(int n) {
        return IntStream.range(0, n)
            .mapToObj(i -> new Delivery("T" + i, Map.of(), new byte[] { (byte) i }, false))
            .toList();
    }

    @Test
    void everyDuplicateFollowsItsOriginalAndRepeatsItsBytes() {
        // Given 1000 first deliveries
        List<Delivery> firsts = firsts(1000);

        // When 10% duplicates are mixed in
        List<Delivery> sends = Plans.withDuplicates(firsts, 10, new Random(1));

        // Then there are 1100 sends, and no duplicate comes before the first delivery of
        // its order
        assertThat(sends).hasSize(1100);
        Set<String> seen = new HashSet<>();
        for (Delivery d : sends) {
            if (d.duplicate()) {
                assertThat(seen).contains(d.outTradeNo());
                assertThat(d.body()).isEqualTo(firsts.get(Integer.parseInt(d.outTradeNo().substring(1))).body());
            }
            else {
                assertThat(seen.add(d.outTradeNo())).isTrue();
            }
        }
        assertThat(sends.stream().filter(d -> !d.duplicate())).hasSize(1000);
    }

    @Test
    void ordersForAnAmountOfSendsLeavesRoomForTheDuplicates() {
        assertThat(Plans.ordersFor(1100, 10)).isEqualTo(1000);
        assertThat(Plans.ordersFor(500, 0)).isEqualTo(500);
        assertThat(Plans.ordersFor(0, 10)).isEqualTo(1);
    }

    @Test
    void ordersAreSpreadOverTheMerchantsWithUniqueNumbersAndPositiveAmounts() {
        List<BenchMerchant> merchants = List.of(new BenchMerchant("shop", "1900000100"),
                new BenchMerchant("shop", "1900000101"));

        List<BenchOrder> orders = Plans.orders("P-", 10, merchants, new Random(3));

        assertThat(orders).extracting(BenchOrder::outTradeNo).doesNotHaveDuplicates().allMatch(n -> n.startsWith("P-"));
        assertThat(orders).extracting(BenchOrder::merchantId).containsOnly("1900000100", "1900000101");
        assertThat(orders).allMatch(o -> o.amountFen() > 0);
    }

}
