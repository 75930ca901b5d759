#[test_only]
module garden::garden_tests;

use std::string;
use sui::test_scenario;
use garden::garden::{Self, Garden, Plant};

const ALICE: address = @0xA11CE;

#[test]
fun plant_and_water() {
    let mut scenario = test_scenario::begin(ALICE);
    garden::init_for_testing(scenario.ctx());

    // The Garden shared by init is available from the next transaction on.
    scenario.next_tx(ALICE);
    let mut g = scenario.take_shared<Garden>();
    let mut fern = garden::plant(&mut g, string::utf8(b"fern"), scenario.ctx());
    assert!(fern.height() == 1, 0);
    fern.water();
    assert!(fern.height() == 2, 1);
    assert!(g.planted() == 1, 2);
    transfer::public_transfer(fern, ALICE);
    test_scenario::return_shared(g);

    // In the next transaction Alice owns the plant.
    scenario.next_tx(ALICE);
    let fern = scenario.take_from_sender<Plant>();
    assert!(fern.species() == string::utf8(b"fern"), 3);
    scenario.return_to_sender(fern);
    scenario.end();
}

#[test]
#[expected_failure(abort_code = garden::garden::EFullyGrown)]
fun watering_a_grown_plant_aborts() {
    let mut scenario = test_scenario::begin(ALICE);
    garden::init_for_testing(scenario.ctx());
    scenario.next_tx(ALICE);

    let mut g = scenario.take_shared<Garden>();
    let mut fern = garden::plant(&mut g, string::utf8(b"fern"), scenario.ctx());
    let mut i = 0;
    // Heights 1 to 5 are fine; the fifth watering must abort.
    while (i < 5) {
        fern.water();
        i = i + 1;
    };

    transfer::public_transfer(fern, ALICE);
    test_scenario::return_shared(g);
    scenario.end();
}

#[test]
fun compost_removes_the_plant() {
    let mut scenario = test_scenario::begin(ALICE);
    garden::init_for_testing(scenario.ctx());
    scenario.next_tx(ALICE);

    let mut g = scenario.take_shared<Garden>();
    let fern = garden::plant(&mut g, string::utf8(b"fern"), scenario.ctx());
    fern.compost();
    test_scenario::return_shared(g);

    scenario.next_tx(ALICE);
    assert!(!scenario.has_most_recent_for_sender<Plant>(), 0);
    scenario.end();
}
